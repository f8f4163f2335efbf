import {
  adminDashboardEndpoint,
  type AdminDashboardDay,
  type AdminDashboardRound,
} from '@hamkke/contract/admin/dashboard';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { adminDashboardMessages as d } from '@/shared/messages/admin-dashboard.ts';
import { groupThousands } from '@/shared/format/count.ts';
import styles from '../admin.module.css';
import { consoleQuery } from '../api/console-query.ts';
import { LoadedView } from './parts.tsx';

/** The app's tokens as SVG colours (brand, gray-700, success-700). */
const COLORS = { brand: '#f85f36', gray: '#4e5968', green: '#0f7a3f' };
const figureKeys = ['certifications', 'signUps', 'activeFamilies'] as const;
/** `MM-DD` on the axes: the window is 30 days, the year is in the heading. */
const short = (day: string) => day.slice(5);
/** The round's own title when it already names its challenge (the demo's "21일 … 챌린지 2기"). */
const roundName = (round: AdminDashboardRound) =>
  round.roundTitle.startsWith(round.challengeTitle)
    ? round.roundTitle
    : `${round.challengeTitle} ${round.roundTitle}`;

/**
 * 대시보드 (any operator; the landing screen): today's and the last 30 Seoul days' figures as
 * charts, each with a spoken summary and its numbers as a table, and the rounds in view.
 */
export function DashboardPage() {
  const dashboard = useQuery(consoleQuery(adminDashboardEndpoint, {}));
  return (
    <section aria-labelledby="dashboard-heading">
      <div className={styles.toolbar}>
        <h1 id="dashboard-heading" className={styles.heading}>
          {d.heading}
        </h1>
        {dashboard.isSuccess && <p className={styles.muted}>{d.asOf(dashboard.data.today)}</p>}
      </div>
      <LoadedView query={dashboard}>
        {(data) => (
          <div className={styles.dashboard}>
            <Figures days={data.days} activeFamilies={data.activeFamilies} />
            <ActivityChart days={data.days} />
            <SignUpChart days={data.days} />
            <Rounds rounds={data.rounds} />
          </div>
        )}
      </LoadedView>
    </section>
  );
}

function Figures({ days, activeFamilies }: { days: AdminDashboardDay[]; activeFamilies: number }) {
  const today = days.at(-1);
  // Certifications and sign-ups add up over the days; a family active on many days counts once.
  const last30 = (key: (typeof figureKeys)[number]) =>
    key === 'activeFamilies' ? activeFamilies : days.reduce((sum, day) => sum + day[key], 0);
  return (
    <div className={styles.figures}>
      {figureKeys.map((key) => (
        <div key={key} className={styles.card}>
          <h2 className={styles.subheading}>{d.figures[key]}</h2>
          <p className={styles.figure}>
            <span className={styles.muted}>{d.today}</span>{' '}
            <strong>{groupThousands(today?.[key] ?? 0)}</strong>
          </p>
          <p className={styles.muted}>
            {d.last30Labels[key]} {groupThousands(last30(key))} · {d.figureHints[key]}
          </p>
        </div>
      ))}
    </div>
  );
}

/**
 * A chart with its caption; the drawing is an image whose label says what it shows, and its
 * numbers are a table one click away (screen readers and anyone who wants the exact figures).
 */
function ChartCard(props: { title: string; summary: string; children: ReactNode; table?: ReactNode }) {
  const titleId = useId();
  return (
    <figure className={`${styles.card} ${styles.chartCard}`} aria-labelledby={titleId}>
      <figcaption id={titleId} className={styles.subheading}>
        {props.title}
      </figcaption>
      <div role="img" aria-label={`${props.title}. ${props.summary}`} className={styles.chart}>
        {props.children}
      </div>
      <p className={styles.muted}>{props.summary}</p>
      {props.table && (
        <details>
          <summary>{d.showTable}</summary>
          <div className={styles.scroll}>{props.table}</div>
        </details>
      )}
    </figure>
  );
}

function DayTable({
  days,
  keys,
}: {
  days: AdminDashboardDay[];
  keys: readonly (typeof figureKeys)[number][];
}) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{d.dayColumn}</th>
          {keys.map((key) => (
            <th key={key} scope="col">
              {d.figures[key]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.day}>
            <th scope="row">{day.day}</th>
            {keys.map((key) => (
              <td key={key}>{day[key]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ActivityChart({ days }: { days: AdminDashboardDay[] }) {
  const total = days.reduce((sum, day) => sum + day.certifications, 0);
  const families = Math.max(0, ...days.map((day) => day.activeFamilies));
  const peak = days.reduce((best, day) => (day.certifications > best.certifications ? day : best), days[0]!);
  return (
    <ChartCard
      title={d.activityChart}
      summary={d.activitySummary(total, families, peak.day, peak.certifications)}
      table={<DayTable days={days} keys={['certifications', 'activeFamilies']} />}
    >
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={days} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e5e8eb" vertical={false} />
          <XAxis dataKey="day" tickFormatter={short} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} width={40} />
          <Tooltip />
          <Legend />
          <Line
            type="monotone"
            dataKey="certifications"
            name={d.figures.certifications}
            stroke={COLORS.brand}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="activeFamilies"
            name={d.figures.activeFamilies}
            stroke={COLORS.green}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function SignUpChart({ days }: { days: AdminDashboardDay[] }) {
  const total = days.reduce((sum, day) => sum + day.signUps, 0);
  return (
    <ChartCard
      title={d.signUpChart}
      summary={d.signUpSummary(total, days.at(-1)?.signUps ?? 0)}
      table={<DayTable days={days} keys={['signUps']} />}
    >
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={days} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e5e8eb" vertical={false} />
          <XAxis dataKey="day" tickFormatter={short} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} width={40} />
          <Tooltip />
          <Bar dataKey="signUps" name={d.figures.signUps} fill={COLORS.gray} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function Rounds({ rounds }: { rounds: AdminDashboardRound[] }) {
  if (rounds.length === 0) {
    return (
      <div className={styles.card}>
        <h2 className={styles.subheading}>{d.roundsHeading}</h2>
        <p>{d.noRounds}</p>
      </div>
    );
  }
  const data = rounds.map((round) => ({
    name: roundName(round),
    teams: round.teams,
    rate: round.completionRate === null ? 0 : Math.round(round.completionRate * 1000) / 10,
  }));
  const rateParts = rounds
    .map(
      (round) =>
        `${roundName(round)} ${round.completionRate === null ? d.noRate : d.percent(round.completionRate)}`,
    )
    .join(', ');
  return (
    <>
      <div className={styles.chartPair}>
        <ChartCard
          title={d.teamsChart}
          summary={d.teamsSummary(
            rounds.length,
            rounds.reduce((sum, round) => sum + round.teams, 0),
          )}
        >
          <ResponsiveContainer width="100%" height={240}>
            <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
              <CartesianGrid stroke="#e5e8eb" horizontal={false} />
              <XAxis type="number" allowDecimals={false} />
              <YAxis type="category" dataKey="name" width={170} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Bar dataKey="teams" name={d.columns.teams} fill={COLORS.gray} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard title={d.rateChart} summary={d.rateSummary(rateParts)}>
          <ResponsiveContainer width="100%" height={240}>
            <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
              <CartesianGrid stroke="#e5e8eb" horizontal={false} />
              <XAxis type="number" domain={[0, 100]} unit="%" />
              <YAxis type="category" dataKey="name" width={170} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Bar
                dataKey="rate"
                name={d.columns.rate}
                fill={COLORS.brand}
                unit="%"
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      </div>
      <div className={styles.card}>
        <h2 className={styles.subheading}>{d.roundsHeading}</h2>
        <p className={styles.muted}>{d.roundsNote}</p>
        <div className={styles.scroll}>
          <RoundTable rounds={rounds} />
        </div>
      </div>
    </>
  );
}

function RoundTable({ rounds }: { rounds: AdminDashboardRound[] }) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{d.columns.round}</th>
          <th scope="col">{d.columns.state}</th>
          <th scope="col">{d.columns.period}</th>
          <th scope="col">{d.columns.teams}</th>
          <th scope="col">{d.columns.members}</th>
          <th scope="col">{d.columns.certified}</th>
          <th scope="col">{d.columns.rate}</th>
          <th scope="col">{d.columns.onTrack}</th>
        </tr>
      </thead>
      <tbody>
        {rounds.map((round) => (
          <tr key={round.subChallengeId}>
            <th scope="row">{roundName(round)}</th>
            <td>{d.states[round.state]}</td>
            <td>
              {round.startDate} ~ {round.endDate ?? d.endless}
            </td>
            <td>{round.teams}</td>
            <td>{round.members}</td>
            <td>
              {round.certified} / {round.possible}
            </td>
            <td>{round.completionRate === null ? d.noRate : d.percent(round.completionRate)}</td>
            <td>
              {round.challengeType === 'always'
                ? d.always
                : round.onTrack === null
                  ? d.noRate
                  : d.onTrack(round.onTrack, round.members, round.rewardThresholdPct)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
