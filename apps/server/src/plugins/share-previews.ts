import { sharedCertificationsEndpoint } from '@hamkke/contract/mission/share';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createRateLimiter, type CounterStore } from '../lib/rate-limiter.ts';
import { clip, createCardCache, type CardCache, type CardContent } from '../lib/share-card.ts';
import type { InvitePreview } from '../modules/teams/invite-preview.service.ts';
import type { LoadAnswer, RequestFrom } from './web-app.ts';

/**
 * Link previews (issue 25): KakaoTalk, Facebook and the rest read a page's `og:` and `twitter:`
 * tags from the HTML the server sends, without running its scripts. A shared day shows its
 * person's alias, day, text and first photo; an invite link names who invites to which team and
 * shows a card drawn for the team (`/og/team/{teamId}.png`, lib/share-card.ts). Every address in
 * the tags is absolute, on `PUBLIC_ORIGIN` (or, when it is unset, on the origin asked).
 */

export const SITE_NAME = '함께미션';
const SITE_DESCRIPTION = '가족이 함께 하루 한 가지 미션을 인증해요.';
/** Kept drawn cards (a card is about 40 KB). */
const CARD_CACHE_SIZE = 200;
/** How long a browser or a crawler may keep a card before asking again. */
const CARD_MAX_AGE_S = 3600;
/**
 * Team previews (tags or card) read per address in 15 minutes. Past it the page is sent with the
 * app's preview and a card is 429: a sweep over team ids learns nothing more. Generous, as
 * KakaoTalk's scraper comes from few addresses for everyone's links (and keeps what it read).
 */
export const TEAM_PREVIEWS_PER_ADDRESS = 300;

export interface PagePreview {
  title: string;
  description: string;
  /** Absolute. */
  image: string;
  /** Absolute: the page's address without its query. */
  url: string;
  /** Set for drawn cards, whose size is known. */
  imageSize?: { width: number; height: number };
}

/** Text for an HTML attribute value in double quotes (and safe in text too). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The visible text of the sanitized rich text a certification holds, on one line. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/(p|li|div|h\d)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|quot|#39|apos|nbsp|amp);/g, (_, name: string) =>
      name === 'amp'
        ? '&'
        : name === 'lt'
          ? '<'
          : name === 'gt'
            ? '>'
            : name === 'quot'
              ? '"'
              : name === 'nbsp'
                ? ' '
                : "'",
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The tags of a preview, each value escaped. */
export function previewTags(preview: PagePreview): string {
  type Tag = readonly [attr: 'property' | 'name', key: string, value: string];
  const size: Tag[] = preview.imageSize
    ? [
        ['property', 'og:image:width', String(preview.imageSize.width)],
        ['property', 'og:image:height', String(preview.imageSize.height)],
      ]
    : [];
  const tags: Tag[] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:locale', 'ko_KR'],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:image', preview.image],
    ...size,
    ['property', 'og:url', preview.url],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ['name', 'twitter:image', preview.image],
  ];
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`).join('');
}

/** `2026-12-01` → `12월 1일`. */
export function koreanDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${Number(month)}월 ${Number(date)}일`;
}

/** The invite card: the team's emoji, name, round and dates, and who invites. */
export function inviteCard(preview: InvitePreview): CardContent {
  return {
    emoji: preview.emoji,
    title: preview.teamName,
    lines: [preview.roundTitle, inviteDetail(preview)],
    footer: `${preview.managerAlias}님이 초대했어요 · ${SITE_NAME}`,
  };
}

function inviteDetail(preview: InvitePreview): string {
  const when =
    preview.endDate === null
      ? `${koreanDay(preview.startDate)}부터 매일`
      : `${koreanDay(preview.startDate)} ~ ${koreanDay(preview.endDate)}`;
  const seats = !preview.recruiting
    ? '모집이 끝났어요'
    : preview.seatsLeft > 0
      ? `${preview.seatsLeft}자리 남았어요`
      : '자리가 다 찼어요';
  return `${when} · ${seats}`;
}

const APP_CARD: CardContent = {
  emoji: null,
  title: SITE_NAME,
  lines: ['가족이 함께 하루 미션을 인증해요'],
  footer: SITE_NAME,
};

/** `/mission/shared/{uuid}/{date}` and `/challenge/shared/{challengeId}/{uuid}/{date}`. */
const SHARED_DAY = /^\/(?:mission\/shared|challenge\/shared\/([^/]+))\/([^/]+)\/([^/]+)\/?$/;
/** `/team/{teamId}/{subChallengeId}/{challengeType}` (spec §2); the other team routes have a word there. */
const INVITE = /^\/team\/([^/]+)\/([^/]+)\/(challenge|always)\/?$/i;
const NOT_A_TEAM_ID = new Set(['always', 'challenge', 'member', 'invited', 'create']);
/** `/og/team/{teamId}.png`. */
const TEAM_CARD_FILE = /^([A-Za-z0-9_-]{1,64})\.png$/;

export interface SharePreviewOptions {
  /** `PUBLIC_ORIGIN`; `null`: the origin the request names. */
  publicOrigin: string | null;
  readInvitePreview: (teamId: string) => Promise<InvitePreview | null>;
  loadAnswer: LoadAnswer;
  /** The rate-limit counters (team previews per address). */
  counters: CounterStore;
  cards?: CardCache;
}

export interface SharePreviews {
  /** The head tags for a page address (path and query), or `null` when the page has no preview. */
  headFor(url: string, from: RequestFrom): Promise<string | null>;
  cards: CardCache;
}

/** Registers the card images and answers the tags of the pages that are shared. */
export function registerSharePreviews(app: FastifyInstance, options: SharePreviewOptions): SharePreviews {
  const cards = options.cards ?? createCardCache({ max: CARD_CACHE_SIZE });
  const teamReads = createRateLimiter(options.counters, {
    name: 'team-preview-address',
    limit: TEAM_PREVIEWS_PER_ADDRESS,
    windowMs: 15 * 60 * 1000,
  });
  /** A team's preview, counted against the address's allowance; `limited` once it is spent. */
  async function readTeam(teamId: string, address: string): Promise<InvitePreview | null | 'limited'> {
    try {
      await teamReads.consume(address);
    } catch {
      return 'limited';
    }
    return options.readInvitePreview(teamId);
  }

  app.get<{ Params: { file: string } }>('/og/team/:file', async (request, reply) => {
    const [, teamId] = TEAM_CARD_FILE.exec(request.params.file) ?? [];
    const preview = teamId ? await readTeam(teamId, request.ip) : null;
    if (preview === 'limited') {
      return reply.code(429).type('text/plain; charset=utf-8').send('Too many requests');
    }
    return sendCard(request.headers['if-none-match'], reply, preview ? inviteCard(preview) : null);
  });
  app.get('/og/app.png', async (request, reply) =>
    sendCard(request.headers['if-none-match'], reply, APP_CARD),
  );

  async function sendCard(ifNoneMatch: string | undefined, reply: FastifyReply, card: CardContent | null) {
    if (!card) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const { png, tag, cached } = await cards.get(card);
    const etag = `"${tag}"`;
    reply
      .header('cache-control', `public, max-age=${CARD_MAX_AGE_S}`)
      .header('etag', etag)
      .header('x-card-cache', cached ? 'hit' : 'miss');
    if (ifNoneMatch === etag) return reply.code(304).send();
    return reply.type('image/png').send(png);
  }

  async function previewFor(pathName: string, origin: string, address: string): Promise<PagePreview | null> {
    const url = `${origin}${pathName}`;
    const appCard = { image: `${origin}/og/app.png`, imageSize: { width: 1200, height: 630 } };
    const shared = SHARED_DAY.exec(pathName);
    if (shared) {
      const [, challengeId, uuid, date] = shared;
      const fallback = { title: `${SITE_NAME} 인증`, description: SITE_DESCRIPTION, url, ...appCard };
      const body = {
        uuid: decodeURIComponent(uuid!),
        date: decodeURIComponent(date!),
        ...(challengeId === undefined ? {} : { challengeId: decodeURIComponent(challengeId) }),
      };
      // The body as the wire has it (ids as strings), once it is one the call takes.
      if (!sharedCertificationsEndpoint.request.safeParse(body).success) return fallback;
      const answer = (await options.loadAnswer(
        { path: sharedCertificationsEndpoint.path, auth: sharedCertificationsEndpoint.auth },
        body,
      )) as {
        alias: string;
        date: string;
        certifications: Array<{ missionTitle: string; contentHtml: string; photos: Array<{ url: string }> }>;
      } | null;
      if (!answer) return fallback;
      const photo = answer.certifications.flatMap((item) => item.photos)[0];
      const said = answer.certifications
        .map((item) => {
          const text = plainText(item.contentHtml);
          return text ? `${item.missionTitle}: ${text}` : item.missionTitle;
        })
        .join(' · ');
      return {
        title: `${answer.alias}님의 ${koreanDay(answer.date)} ${challengeId === undefined ? '미션' : '챌린지'} 인증`,
        description: clip(said || SITE_DESCRIPTION, 150),
        url,
        ...(photo ? { image: absolute(photo.url, origin) } : appCard),
      };
    }
    const invite = INVITE.exec(pathName);
    if (invite && !NOT_A_TEAM_ID.has(invite[1]!.toLowerCase())) {
      const [, teamId, subChallengeId] = invite;
      const preview = await readTeam(decodeURIComponent(teamId!), address);
      // The link names the team's round too, as the accept screen checks.
      if (
        preview === null ||
        preview === 'limited' ||
        preview.subChallengeId !== decodeURIComponent(subChallengeId!)
      ) {
        return { title: SITE_NAME, description: SITE_DESCRIPTION, url, ...appCard };
      }
      const card = await cards.get(inviteCard(preview));
      return {
        title: `${preview.managerAlias}님이 '${preview.teamName}'에 초대했어요`,
        description: `${preview.roundTitle} · ${inviteDetail(preview)}`,
        image: `${origin}/og/team/${encodeURIComponent(teamId!)}.png?v=${card.tag}`,
        imageSize: { width: 1200, height: 630 },
        url,
      };
    }
    return null;
  }

  return {
    cards,
    async headFor(url, from) {
      const [pathName = '/'] = url.split('?');
      const origin = (options.publicOrigin ?? from.origin).replace(/\/+$/, '');
      try {
        const preview = await previewFor(pathName, origin, from.address);
        return preview ? previewTags(preview) : null;
      } catch (error) {
        app.log.error({ err: error, url }, 'a link preview failed; the page is sent without it');
        return null;
      }
    },
  };
}

/** A photo's address as the previews need it: absolute, on `origin` when the storage gave a path. */
function absolute(url: string, origin: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}/${url.replace(/^\/+/, '')}`;
}
