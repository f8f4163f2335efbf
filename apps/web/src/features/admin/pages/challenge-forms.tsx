import {
  adminChallengeCreateEndpoint,
  adminChallengeUpdateEndpoint,
  adminRoundCreateEndpoint,
  adminRoundUpdateEndpoint,
  missionFieldsSchema,
  roundFieldsSchema,
  roundWithMissionsSchema,
  type AdminChallenge,
  type AdminRound,
} from '@hamkke/contract/admin/challenges';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import {
  get,
  useFieldArray,
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/shared/api/api-error.ts';
import { adminChallengeMessages as c } from '@/shared/messages/admin-challenges.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import styles from '../admin.module.css';
import { useConsoleMutation } from '../api/console-query.ts';
import { AdminButton } from './parts.tsx';
import { FailedLine } from '../shell/screen.tsx';

/*
 * The console's forms are react-hook-form with the contract's own zod schemas as resolvers
 * (decision 011): the browser refuses what the server would, with the same field paths, and the
 * server's field errors land on the same inputs.
 */

/** A field's Korean error: the server's reason by its code, else the form rule of the field. */
function errorText(errors: FieldErrors, path: string): string | null {
  const error = get(errors, path) as { message?: string; type?: string } | undefined;
  if (!error) return null;
  if (error.type === 'server' && error.message) return error.message;
  const key = path.split('.').at(-1) ?? path;
  return c.fieldErrors[key] ?? m.failed;
}

/** Puts a refused call's field errors on the form; true when there were any. */
function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiError) || error.fields.length === 0) return false;
  for (const field of error.fields) {
    const key = field.path.split('.').at(-1) ?? field.path;
    const message = c.fieldCodes[field.code] ?? c.fieldErrors[key] ?? m.failed;
    setError(field.path as Path<T>, { type: 'server', message });
  }
  return true;
}

/** What went wrong beyond the fields: a state the round is in (409), or anything else. */
function RootError({ errors }: { errors: FieldErrors }) {
  return (
    <FailedLine shown={errors.root !== undefined}>
      {errors.root?.type === 'conflict' ? c.conflict : m.failed}
    </FailedLine>
  );
}

/** Puts a refused call's reason on the form: its fields, or the form as a whole. */
function showRefusal<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (applyServerErrors(error, setError)) return;
  setError('root', { type: error instanceof ApiError && error.status === 409 ? 'conflict' : 'failed' });
}

/** A labelled native input (registered with react-hook-form) with its error tied to it. */
export function Input({
  label,
  error,
  hint,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error: string | null;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...props}
      />
      {hint && (
        <span id={`${id}-hint`} className={styles.muted}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}

export function Select({
  label,
  options,
  hint,
  ref,
  ...props
}: InputHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: Record<string, string>;
  hint?: string;
  ref?: Ref<HTMLSelectElement>;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span id={`${id}-hint`} className={styles.muted}>
          {hint}
        </span>
      )}
      <select
        id={id}
        ref={ref}
        className={styles.select}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...props}
      >
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function FormShell(props: { heading: string; onSubmit: () => void; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.toolbar}>
        <h1 id={headingId} className={styles.heading}>
          {props.heading}
        </h1>
      </div>
      <form
        className={`${styles.card} ${styles.form}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        {props.children}
      </form>
    </section>
  );
}

function SaveButtons({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <div className={styles.actions}>
      <AdminButton type="submit" disabled={pending}>
        {c.save}
      </AdminButton>
      <AdminButton variant="secondary" onClick={onCancel}>
        {c.cancel}
      </AdminButton>
    </div>
  );
}

const challengeFormSchema = adminChallengeCreateEndpoint.request;
type ChallengeValues = z.input<typeof challengeFormSchema>;

/** A new challenge (its kind is fixed once made), or its name and description. */
export function ChallengeForm(props: { challenge: AdminChallenge | null; onDone: () => void }) {
  const { challenge, onDone } = props;
  const form = useForm<ChallengeValues, unknown, z.output<typeof challengeFormSchema>>({
    resolver: standardSchemaResolver(challengeFormSchema),
    defaultValues: {
      challengeType: challenge?.challengeType ?? 'challenge',
      title: challenge?.title ?? '',
      description: challenge?.description ?? '',
    },
  });
  const { register, handleSubmit, formState, setError } = form;
  const create = useConsoleMutation(adminChallengeCreateEndpoint);
  const update = useConsoleMutation(adminChallengeUpdateEndpoint);
  const submit = handleSubmit(async (values) => {
    try {
      if (challenge) {
        await update.mutateAsync({
          challengeId: challenge.challengeId,
          title: values.title,
          description: values.description,
        });
      } else {
        await create.mutateAsync(values);
      }
      onDone();
    } catch (error) {
      showRefusal(error, setError);
    }
  });
  const errors = formState.errors;
  return (
    <FormShell
      heading={challenge ? c.challengeForm.editHeading : c.challengeForm.createHeading}
      onSubmit={() => void submit()}
    >
      {challenge ? (
        <p className={styles.muted}>
          {c.challengeForm.type}: {c.types[challenge.challengeType]}
        </p>
      ) : (
        <Select
          label={c.challengeForm.type}
          options={c.types}
          hint={c.challengeForm.typeHint}
          {...register('challengeType')}
        />
      )}
      <Input label={c.challengeForm.title} error={errorText(errors, 'title')} {...register('title')} />
      <Input
        label={c.challengeForm.description}
        error={errorText(errors, 'description')}
        {...register('description')}
      />
      <RootError errors={errors} />
      <SaveButtons pending={formState.isSubmitting} onCancel={onDone} />
    </FormShell>
  );
}

type RoundValues = z.input<typeof roundWithMissionsSchema>;
type RoundOutput = z.output<typeof roundWithMissionsSchema>;

const emptyMission = { title: '', description: '', icon: '✅', proofType: 'PHOTO', sort: 0 } as const;

function roundDefaults(round: AdminRound | null): RoundValues {
  return {
    title: round?.title ?? '',
    recruitStart: round?.recruitStart ?? '',
    recruitEnd: round?.recruitEnd ?? '',
    startDate: round?.startDate ?? '',
    endDate: round?.endDate ?? null,
    maxUser: round?.maxUser ?? 10,
    rewardThresholdPct: round?.rewardThresholdPct ?? 80,
    paidRewardAmount: round?.paidRewardAmount ?? 0,
    paidRewardUnit: round?.paidRewardUnit ?? 'POINT',
    paidRewardItem: round?.paidRewardItem ?? '',
    trafficRewardMb: round?.trafficRewardMb ?? 0,
    missions: round ? [] : [{ ...emptyMission }, { ...emptyMission, sort: 1 }],
  };
}

/**
 * A new round with its first missions, or a round's periods, capacity and rewards. A running
 * round keeps its recruiting and start days; the server says so by field if they are changed.
 */
export function RoundForm(props: {
  challenge: AdminChallenge;
  round: AdminRound | null;
  onDone: () => void;
}) {
  const { challenge, round, onDone } = props;
  const always = challenge.challengeType === 'always';
  // Editing checks the round's fields only: the form's empty mission list is not sent.
  const resolver: Resolver<RoundValues, unknown, RoundOutput> = round
    ? (standardSchemaResolver(roundFieldsSchema) as unknown as Resolver<RoundValues, unknown, RoundOutput>)
    : standardSchemaResolver(roundWithMissionsSchema);
  const form = useForm<RoundValues, unknown, RoundOutput>({ resolver, defaultValues: roundDefaults(round) });
  const { register, handleSubmit, formState, setError, control } = form;
  const missions = useFieldArray({ control, name: 'missions' });
  const create = useConsoleMutation(adminRoundCreateEndpoint);
  const update = useConsoleMutation(adminRoundUpdateEndpoint);
  const errors = formState.errors;
  const text = (path: string) => errorText(errors, path);
  const number = { valueAsNumber: true } as const;

  const submit = handleSubmit(async (values) => {
    const { missions: firstMissions, ...fields } = values;
    const periods = { ...fields, endDate: always ? null : fields.endDate };
    try {
      if (round) {
        await update.mutateAsync({ subChallengeId: round.subChallengeId, ...periods });
      } else {
        await create.mutateAsync({
          challengeId: challenge.challengeId,
          ...periods,
          missions: firstMissions,
        });
      }
      onDone();
    } catch (error) {
      showRefusal(error, setError);
    }
  });

  return (
    <FormShell
      heading={round ? c.roundForm.editHeading(round.title) : c.roundForm.createHeading(challenge.title)}
      onSubmit={() => void submit()}
    >
      {round?.state === 'running' && <p className={styles.muted}>{c.roundForm.runningNote}</p>}
      <Input label={c.roundForm.title} error={text('title')} {...register('title')} />
      <div className={styles.grid}>
        <Input
          type="date"
          label={c.roundForm.recruitStart}
          error={text('recruitStart')}
          {...register('recruitStart')}
        />
        <Input
          type="date"
          label={c.roundForm.recruitEnd}
          error={text('recruitEnd')}
          {...register('recruitEnd')}
        />
        <Input
          type="date"
          label={c.roundForm.startDate}
          error={text('startDate')}
          {...register('startDate')}
        />
        {always ? (
          <p className={styles.muted}>{c.roundForm.endless}</p>
        ) : (
          <Input
            type="date"
            label={c.roundForm.endDate}
            error={text('endDate')}
            {...register('endDate', { setValueAs: (value: unknown) => (value ? value : null) })}
          />
        )}
      </div>
      <div className={styles.grid}>
        <Input
          type="number"
          inputMode="numeric"
          label={c.roundForm.maxUser}
          error={text('maxUser')}
          {...register('maxUser', number)}
        />
        <Input
          type="number"
          inputMode="numeric"
          label={c.roundForm.threshold}
          error={text('rewardThresholdPct')}
          {...register('rewardThresholdPct', number)}
        />
        <Select label={c.roundForm.paidUnit} options={c.roundForm.units} {...register('paidRewardUnit')} />
        <Input
          type="number"
          inputMode="numeric"
          label={c.roundForm.paidAmount}
          error={text('paidRewardAmount')}
          {...register('paidRewardAmount', number)}
        />
        <Input label={c.roundForm.paidItem} error={text('paidRewardItem')} {...register('paidRewardItem')} />
        <Input
          type="number"
          inputMode="numeric"
          label={c.roundForm.traffic}
          error={text('trafficRewardMb')}
          {...register('trafficRewardMb', number)}
        />
      </div>
      {!round && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.subheading}>{c.roundForm.missionsHeading}</legend>
          {missions.fields.map((field, index) => (
            <fieldset key={field.id} className={styles.missionRow}>
              <legend className={styles.muted}>{c.missionForm.heading(index + 1)}</legend>
              <Input
                label={c.missionForm.title}
                error={text(`missions.${index}.title`)}
                {...register(`missions.${index}.title`)}
              />
              <Input
                label={c.missionForm.icon}
                error={text(`missions.${index}.icon`)}
                {...register(`missions.${index}.icon`)}
              />
              <Select
                label={c.missionForm.proofType}
                options={c.missionForm.proofTypes}
                {...register(`missions.${index}.proofType`)}
              />
              <Input
                label={c.missionForm.description}
                error={text(`missions.${index}.description`)}
                {...register(`missions.${index}.description`)}
              />
              <AdminButton
                variant="secondary"
                disabled={missions.fields.length <= 1}
                onClick={() => missions.remove(index)}
              >
                {c.missionForm.remove}
              </AdminButton>
            </fieldset>
          ))}
          {text('missions') && <span className={styles.error}>{text('missions')}</span>}
          <AdminButton
            variant="secondary"
            disabled={missions.fields.length >= 10}
            onClick={() => missions.append({ ...emptyMission, sort: missions.fields.length })}
          >
            {c.missionForm.add}
          </AdminButton>
        </fieldset>
      )}
      <RootError errors={errors} />
      <SaveButtons pending={formState.isSubmitting} onCancel={onDone} />
    </FormShell>
  );
}

type MissionValues = z.input<typeof missionFieldsSchema>;

/** One mission's fields: a new mission of a round, or an existing one. */
export function MissionForm(props: {
  heading: string;
  mission: MissionValues | null;
  proofTypeFixed: boolean;
  onSave: (values: z.output<typeof missionFieldsSchema>) => Promise<unknown>;
  onDone: () => void;
}) {
  const { mission, onSave, onDone } = props;
  const form = useForm<MissionValues, unknown, z.output<typeof missionFieldsSchema>>({
    resolver: standardSchemaResolver(missionFieldsSchema),
    defaultValues: mission ?? { ...emptyMission },
  });
  const { register, handleSubmit, formState, setError } = form;
  const errors = formState.errors;
  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values);
      onDone();
    } catch (error) {
      showRefusal(error, setError);
    }
  });
  return (
    <form
      className={`${styles.card} ${styles.form}`}
      aria-label={props.heading}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className={styles.subheading}>{props.heading}</h2>
      <Input label={c.missionForm.title} error={errorText(errors, 'title')} {...register('title')} />
      <Input label={c.missionForm.icon} error={errorText(errors, 'icon')} {...register('icon')} />
      {props.proofTypeFixed && mission ? (
        <p className={styles.muted}>
          {c.missionForm.proofType}: {c.missionForm.proofTypes[mission.proofType]}
        </p>
      ) : (
        <Select
          label={c.missionForm.proofType}
          options={c.missionForm.proofTypes}
          {...register('proofType')}
        />
      )}
      <Input
        label={c.missionForm.description}
        error={errorText(errors, 'description')}
        {...register('description')}
      />
      <Input
        type="number"
        inputMode="numeric"
        label={c.missionForm.sort}
        error={errorText(errors, 'sort')}
        {...register('sort', { valueAsNumber: true })}
      />
      <RootError errors={errors} />
      <SaveButtons pending={formState.isSubmitting} onCancel={onDone} />
    </form>
  );
}
