import { seoulDateTime } from '@hamkke/contract/seoul-day';

/**
 * What a family export holds (decision 040): `data.json` is exactly this object, `index.html` is
 * drawn from it. Paths are relative to the ZIP's root.
 */
export interface ExportData {
  format: 'hamkke-family-export';
  version: 1;
  exportedAt: string;
  people: ExportPerson[];
}

export interface ExportPerson {
  userId: string;
  type: 'PARENT' | 'CHILD';
  name: string;
  alias: string;
  /** A child's login id; null for a parent. */
  loginId: string | null;
  joinedAt: string;
  certifications: ExportCertification[];
  badges: { name: string; description: string; emoji: string; achievedAt: string }[];
  medals: {
    medal: string;
    rank: number;
    scope: 'TEAM' | 'MEMBER';
    team: string;
    round: string;
    grantedAt: string;
  }[];
  rewards: {
    kind: string;
    unit: string;
    amount: number;
    itemName: string;
    status: string;
    round: string;
    grantedAt: string;
    settledAt: string | null;
  }[];
  teams: { team: string; emoji: string; role: string; round: string; challenge: string; joinedAt: string }[];
}

export interface ExportCertification {
  certificationId: string;
  /** The Seoul day it counts for, `YYYY-MM-DD`. */
  day: string;
  mission: { missionId: string; title: string; icon: string; round: string; challenge: string };
  /** The text as plain text, and as the sanitized HTML it was stored as. */
  text: string;
  html: string;
  createdAt: string;
  /** Hidden by an operator (still the person's own record). */
  hidden: boolean;
  photos: ExportPhoto[];
}

export interface ExportPhoto {
  fileId: string;
  /** Where the photo is in the ZIP. */
  path: string;
  mimeType: string;
  width: number;
  height: number;
  /** Bytes written into the ZIP (equal to the stored photo's); 0 when the stored photo was missing. */
  bytes: number;
  missing: boolean;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const when = (iso: string) => seoulDateTime(new Date(iso)).replace('T', ' ');

const MEDALS: Record<string, string> = { GOLD: '🥇 금메달', SILVER: '🥈 은메달', BRONZE: '🥉 동메달' };
const REWARD_STATUS: Record<string, string> = { PENDING: '지급 대기', PAID: '지급 완료', CANCELLED: '취소' };

/** "5,000포인트", "1,000MB", "건강 간식 세트 2개", "배지 · …", as the app writes them. */
function rewardWords(reward: ExportPerson['rewards'][number]): string {
  const amount = reward.amount.toLocaleString('ko-KR');
  switch (reward.unit) {
    case 'POINT':
      return `${amount}포인트`;
    case 'MB':
      return `${amount}MB`;
    case 'BADGE':
      return `배지 · ${reward.itemName}`;
    default:
      return reward.amount > 1 ? `${reward.itemName} ${amount}개` : reward.itemName;
  }
}

function personSection(person: ExportPerson): string {
  const days = new Map<string, ExportCertification[]>();
  for (const certification of person.certifications) {
    const list = days.get(certification.day) ?? [];
    list.push(certification);
    days.set(certification.day, list);
  }
  const role = person.type === 'PARENT' ? '보호자' : '자녀';
  const dayBlocks = [...days.entries()]
    .map(([day, certifications]) => {
      const items = certifications
        .map((certification) => {
          const photos = certification.photos
            .filter((photo) => !photo.missing)
            .map(
              (photo) =>
                `<a href="${escapeHtml(photo.path)}"><img src="${escapeHtml(photo.path)}" width="${photo.width}" height="${photo.height}" alt="${escapeHtml(certification.mission.title)} 인증 사진" loading="lazy"></a>`,
            )
            .join('');
          return `<li class="cert"><h4>${escapeHtml(certification.mission.icon)} ${escapeHtml(certification.mission.title)}${certification.hidden ? ' <small>(운영자가 숨긴 인증)</small>' : ''}</h4>
<p class="meta">${escapeHtml(certification.mission.round)} · ${escapeHtml(when(certification.createdAt))}</p>
${certification.text ? `<p>${escapeHtml(certification.text)}</p>` : ''}${photos ? `<div class="photos">${photos}</div>` : ''}</li>`;
        })
        .join('\n');
      return `<section class="day"><h3>${escapeHtml(day)}</h3><ul>${items}</ul></section>`;
    })
    .join('\n');
  const list = (title: string, rows: string[]) =>
    rows.length
      ? `<h3>${title}</h3><ul class="plain">${rows.map((row) => `<li>${row}</li>`).join('')}</ul>`
      : '';
  return `<article class="person" id="person-${escapeHtml(person.userId)}">
<h2>${escapeHtml(person.name)} <small>(${escapeHtml(person.alias)} · ${role})</small></h2>
<p class="meta">인증 ${person.certifications.length}개 · 사진 ${person.certifications.reduce((sum, c) => sum + c.photos.length, 0)}장</p>
${list(
  '팀',
  person.teams.map(
    (team) =>
      `${escapeHtml(team.emoji)} ${escapeHtml(team.team)} — ${escapeHtml(team.round)}${team.role === 'MANAGER' ? ' (팀장)' : ''}`,
  ),
)}
${list(
  '배지',
  person.badges.map(
    (badge) => `${escapeHtml(badge.emoji)} ${escapeHtml(badge.name)} — ${escapeHtml(when(badge.achievedAt))}`,
  ),
)}
${list(
  '메달',
  person.medals.map(
    (medal) =>
      `${MEDALS[medal.medal] ?? escapeHtml(medal.medal)} ${medal.rank}위 — ${escapeHtml(medal.team)}, ${escapeHtml(medal.round)}`,
  ),
)}
${list(
  '보상',
  person.rewards.map(
    (reward) =>
      `${escapeHtml(rewardWords(reward))} — ${escapeHtml(reward.round)} (${escapeHtml(REWARD_STATUS[reward.status] ?? reward.status)})`,
  ),
)}
${dayBlocks || '<p>아직 인증이 없어요.</p>'}
</article>`;
}

/**
 * What `data.json` beside the album is for, in everyday words (issue 45 item 9): the same records,
 * in a file another app or service can take in.
 */
export const DATA_FILE_WORDS =
  '같은 폴더의 data.json에는 이 앨범과 같은 기록이 들어 있어요. 다른 앱이나 서비스로 기록을 옮길 때 이 파일을 쓰면 돼요.';

/** The album: one static page, Korean, no script, photos by relative path, per person and day. */
export function renderAlbum(data: ExportData): string {
  const toc = data.people
    .map((person) => `<li><a href="#person-${escapeHtml(person.userId)}">${escapeHtml(person.name)}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'">
<title>함께미션 가족 앨범</title>
<style>
body{font-family:system-ui,-apple-system,"Apple SD Gothic Neo","Malgun Gothic",sans-serif;margin:0 auto;max-width:960px;padding:16px;color:#1f2328;line-height:1.6}
h1{font-size:1.5rem}h2{font-size:1.25rem;border-bottom:2px solid #e5e7eb;padding-bottom:4px;margin-top:32px}
h3{font-size:1.05rem;margin:20px 0 8px}h4{font-size:1rem;margin:0}
.meta{color:#57606a;font-size:.875rem;margin:2px 0}
ul{padding:0;list-style:none}.plain li{margin:4px 0}
.cert{border:1px solid #e5e7eb;border-radius:12px;padding:12px;margin:8px 0}
.photos{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}
.photos img{width:160px;height:160px;object-fit:cover;border-radius:8px;background:#f3f4f6}
</style>
</head>
<body>
<h1>함께미션 가족 앨범</h1>
<p class="meta">${escapeHtml(when(data.exportedAt))}에 만들었어요.</p>
<p class="meta">${DATA_FILE_WORDS}</p>
<nav><ul class="plain">${toc}</ul></nav>
${data.people.map(personSection).join('\n')}
</body>
</html>
`;
}
