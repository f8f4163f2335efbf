import { messages } from '../../../shared/messages.ts';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

/** The team screens of spec §2; each arrives with the team feature. */

export function MyTeamsPage() {
  return <ComingSoonPage title={messages.pages.team} />;
}

export function InviteTeamPage() {
  return <ComingSoonPage title={messages.pages.teamInvite} />;
}

export function ChallengeTeamDetailPage() {
  return <ComingSoonPage title={messages.pages.teamChallengeDetail} backTo="/team" />;
}

export function ChallengeTeamRankingPage() {
  return <ComingSoonPage title={messages.pages.teamChallengeRanking} backTo="/team" />;
}

export function AlwaysTeamDetailPage() {
  return <ComingSoonPage title={messages.pages.teamAlwaysDetail} backTo="/team" />;
}

export function AlwaysTeamRankingPage() {
  return <ComingSoonPage title={messages.pages.teamAlwaysRanking} backTo="/team" />;
}

export function ChallengeTeamManagementPage() {
  return <ComingSoonPage title={messages.pages.teamChallengeManagement} backTo="/team" />;
}

export function AlwaysTeamManagementPage() {
  return <ComingSoonPage title={messages.pages.teamAlwaysManagement} backTo="/team" />;
}

export function TeamCreatePage() {
  return <ComingSoonPage title={messages.pages.teamCreate} backTo="/team" />;
}

export function TeamMembersAlwaysPage() {
  return <ComingSoonPage title={messages.pages.teamMembersAlways} backTo="/team" />;
}

export function TeamMembersChallengePage() {
  return <ComingSoonPage title={messages.pages.teamMembersChallenge} backTo="/team" />;
}

export function TeamMemberDetailAlwaysPage() {
  return <ComingSoonPage title={messages.pages.teamMemberDetailAlways} backTo="/team" />;
}

export function TeamMemberDetailChallengePage() {
  return <ComingSoonPage title={messages.pages.teamMemberDetailChallenge} backTo="/team" />;
}

export function InvitedMembersPage() {
  return <ComingSoonPage title={messages.pages.teamInvited} backTo="/team" />;
}
