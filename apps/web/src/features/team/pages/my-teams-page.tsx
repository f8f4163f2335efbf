import { Tabs } from '@base-ui/react/tabs';
import type { MyTeamCard } from '@hamkke/contract/team/team-read';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Star, Users } from 'lucide-react';
import { Link } from '@/shared/routing/link.tsx';
import { useSearchParams } from '@/shared/routing/location.ts';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { invalidateTeamQueries } from '@/shared/api/teams.ts';
import { messages } from '@/shared/messages.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { QueryState } from '@/shared/ui/query-state.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { setFavoriteTeam } from '../api/team-changes.ts';
import { myTeamsQueryOptions } from '../api/team-queries.ts';
import { TeamHeading } from '../components/team-parts.tsx';
import styles from '../components/team.module.css';
import { teamDetailPath } from '../team-paths.ts';
import { challengeMessages, teamMessages } from '@/shared/messages/team.ts';

const m = teamMessages;
type Tab = 'in_progress' | 'ended';

/** `/team?tab=…`: my teams, starred first, in two tabs. */
export function MyTeamsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'ended' ? 'ended' : 'in_progress';
  return (
    <Page title={messages.pages.team}>
      <Tabs.Root value={tab} onValueChange={(value) => setParams({ tab: String(value) }, { replace: true })}>
        <Tabs.List className={styles.tabList} aria-label={m.tabsLabel} activateOnFocus>
          <Tabs.Tab value="in_progress" className={styles.tab}>
            {m.tabs.in_progress}
          </Tabs.Tab>
          <Tabs.Tab value="ended" className={styles.tab}>
            {m.tabs.ended}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={tab} style={{ marginTop: 16 }}>
          <TeamList tab={tab} />
        </Tabs.Panel>
      </Tabs.Root>
    </Page>
  );
}

function TeamList({ tab }: { tab: Tab }) {
  const teams = useQuery(myTeamsQueryOptions(tab));
  return (
    <QueryState query={teams}>
      {({ teams: list }) =>
        list.length === 0 ? (
          <EmptyState
            icon={Users}
            message={tab === 'ended' ? m.emptyEnded : m.emptyInProgress}
            action={{ label: m.goChallenge, to: '/challenge' }}
          />
        ) : (
          <ul className={styles.list}>
            {list.map((team) => (
              <li key={team.teamId}>
                <TeamCard team={team} />
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

function TeamCard({ team }: { team: MyTeamCard }) {
  const queryClient = useQueryClient();
  const star = useMutation({
    mutationFn: (favorite: boolean) => setFavoriteTeam(team.teamId, favorite),
    onSuccess: async ({ favorite }) => {
      showToast(favorite ? m.favoriteOn : m.favoriteOff);
      await invalidateTeamQueries(queryClient);
    },
    onError: (error) => showToast(errorMessageFor(error)),
  });
  return (
    <article className={styles.card}>
      <div className={styles.cardHeader}>
        <Link to={teamDetailPath(team)} className={`${styles.cardLink} ${styles.grow}`}>
          <TeamHeading team={team} />
        </Link>
        <button
          type="button"
          className={styles.iconButton}
          aria-pressed={team.favorite}
          aria-label={m.favorite(team.name)}
          onClick={() => star.mutate(!team.favorite)}
          disabled={star.isPending}
        >
          <Star aria-hidden="true" size={22} fill={team.favorite ? 'currentColor' : 'none'} />
        </button>
      </div>
      <div className={styles.badges}>
        <span className={`${styles.badge} ${styles.badgeBrand}`}>
          {challengeMessages.typeLabel[team.challengeType]}
        </span>
        <span className={styles.badge}>{m.role[team.role]}</span>
        <span className={styles.badge}>{m.members(team.memberCount, team.maxUser)}</span>
        {team.today.possible > 0 && (
          <span
            className={`${styles.badge} ${team.today.certified >= team.today.possible ? styles.badgeSuccess : ''}`}
          >
            {m.todayProgress(team.today.certified, team.today.possible)}
          </span>
        )}
      </div>
    </article>
  );
}
