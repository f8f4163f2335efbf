import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { ApiError } from '@/shared/api/api-error.ts';
import type { TeamType } from '@/shared/api/teams.ts';
import { messages } from '@/shared/messages.ts';
import { teamDetailMessages } from '@/shared/messages/team-detail.ts';
import { useNavigate } from '@/shared/routing/location.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { QueryState } from '@/shared/ui/query-state.tsx';
import { managementQueryOptions } from '../api/team-queries.ts';
import styles from '../components/team-detail.module.css';
import {
  DeleteTeamSection,
  EditTeamSection,
  FamiliesSection,
  HandOverSection,
  InvitationsSection,
  SettingsSection,
} from '../components/team-management.tsx';
import { ManagementSkeleton } from '../components/team-skeletons.tsx';
import { useTeamRef } from '../hooks/use-team-ref.ts';
import { teamDetailPath } from '../team-paths.ts';

/**
 * A team's management page, its own chunk: its forms (react-hook-form, zod, the emoji picker, the
 * radio groups) are not evaluated with the team's detail and ranking pages, which every member opens
 * (decision 049).
 */

const m = teamDetailMessages;

export function ChallengeTeamManagementPage() {
  return <ManagementPage type="challenge" />;
}

export function AlwaysTeamManagementPage() {
  return <ManagementPage type="always" />;
}

/** The manager's screen: edit, recruiting, families, hand-over, invitations, delete. */
function ManagementPage({ type }: { type: TeamType }) {
  const ref = useTeamRef(type);
  const navigate = useNavigate();
  const management = useQuery(managementQueryOptions(ref.teamId, type));
  const back = teamDetailPath(ref);
  const title =
    type === 'always' ? messages.pages.teamAlwaysManagement : messages.pages.teamChallengeManagement;

  if (management.error instanceof ApiError && management.error.status === 403) {
    return (
      <Page title={title} backTo={back}>
        <EmptyState icon={ShieldAlert} message={m.managerOnly} action={{ label: m.backToTeam, to: back }}>
          <p className={styles.note}>{m.managerOnlyHint}</p>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page title={title} backTo={back}>
      <QueryState query={management} loading={<ManagementSkeleton />}>
        {(data) => {
          const locked = data.readOnly;
          return (
            <div className={styles.stack}>
              {locked && <NoticeMessage tone="info">{m.readOnlyManagement}</NoticeMessage>}
              <EditTeamSection
                key={`${data.team.name}|${data.team.description}|${data.team.emoji}`}
                team={data.team}
                type={type}
                disabled={locked}
              />
              <SettingsSection team={data.team} type={type} disabled={locked} />
              <FamiliesSection team={data.team} families={data.families} type={type} disabled={locked} />
              <HandOverSection
                team={data.team}
                families={data.families}
                type={type}
                disabled={locked}
                onHandedOver={() => void navigate(teamDetailPath(data.team), { replace: true })}
              />
              <InvitationsSection invitations={data.invitations} />
              {!locked && <DeleteTeamSection team={data.team} type={type} canDelete={data.canDelete} />}
            </div>
          );
        }}
      </QueryState>
    </Page>
  );
}
