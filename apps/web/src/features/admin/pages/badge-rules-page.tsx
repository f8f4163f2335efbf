import {
  adminBadgeKindSchema,
  adminBadgeRuleActivateEndpoint,
  adminBadgeRuleCreateEndpoint,
  adminBadgeRuleListEndpoint,
  adminBadgeRuleUpdateEndpoint,
  oneTimeBadgeKinds,
  type AdminBadgeKind,
  type AdminBadgeRule,
} from '@hamkke/contract/admin/badge-rules';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/shared/api/api-error.ts';
import { adminBadgeRuleMessages as b } from '@/shared/messages/admin-badge-rules.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { Input, Select } from './challenge-forms.tsx';
import { AdminButton, LoadedView } from './parts.tsx';
import { useConfirm } from './confirm.tsx';

/**
 * 배지 규칙 (content): the rules the app's badges are earned by. A rule's kind is fixed, rules are
 * switched off rather than deleted, and a new threshold applies to grants from now on.
 */
export function BadgeRulesPage() {
  const ask = useConfirm();
  const [editing, setEditing] = useState<AdminBadgeRule | 'new' | null>(null);
  const list = useQuery(consoleQuery(adminBadgeRuleListEndpoint, {}));
  const toggle = useConsoleMutation(adminBadgeRuleActivateEndpoint);
  if (editing) {
    return <BadgeRuleForm rule={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }
  return (
    <section aria-labelledby="badge-rules-heading">
      <div className={styles.toolbar}>
        <h1 id="badge-rules-heading" className={styles.heading}>
          {b.heading}
        </h1>
        <AdminButton onClick={() => setEditing('new')}>{b.create}</AdminButton>
      </div>
      <div className={styles.card}>
        <p className={styles.muted}>{b.note}</p>
        {toggle.error !== null && (
          <p className={styles.error} role="alert">
            {m.failed}
          </p>
        )}
        <LoadedView query={list} isEmpty={(data) => data.items.length === 0} empty={b.empty}>
          {(data) => (
            <div className={styles.scroll}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{b.columns.sort}</th>
                    <th scope="col">{b.columns.badge}</th>
                    <th scope="col">{b.columns.kind}</th>
                    <th scope="col">{b.columns.threshold}</th>
                    <th scope="col">{b.columns.description}</th>
                    <th scope="col">{b.columns.earned}</th>
                    <th scope="col">{b.columns.active}</th>
                    <th scope="col">{b.columns.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((rule) => (
                    <tr key={rule.badgeRuleId} className={rule.active ? undefined : styles.off}>
                      <td>{rule.sort}</td>
                      <th scope="row">
                        <span aria-hidden="true">{rule.emoji}</span> {rule.name}
                      </th>
                      <td>{b.kinds[rule.kind]}</td>
                      <td>{rule.threshold}</td>
                      <td>{rule.description}</td>
                      <td>{b.people(rule.earned)}</td>
                      <td>
                        <span className={rule.active ? styles.badge : `${styles.badge} ${styles.draft}`}>
                          {rule.active ? b.active : b.inactive}
                        </span>
                      </td>
                      <td>
                        <div className={styles.actions}>
                          <AdminButton
                            variant="secondary"
                            aria-label={`${rule.name} ${b.edit}`}
                            onClick={() => setEditing(rule)}
                          >
                            {b.edit}
                          </AdminButton>
                          <AdminButton
                            variant={rule.active ? 'danger' : 'secondary'}
                            aria-label={`${rule.name} ${rule.active ? b.deactivate : b.activate}`}
                            disabled={toggle.isPending}
                            onClick={() =>
                              void (
                                rule.active
                                  ? ask({
                                      title: b.confirmDeactivate(rule.name, rule.earned),
                                      confirmLabel: b.deactivate,
                                      danger: true,
                                    })
                                  : Promise.resolve(true)
                              ).then(
                                (yes) =>
                                  yes &&
                                  toggle.mutate({ badgeRuleId: rule.badgeRuleId, active: !rule.active }),
                              )
                            }
                          >
                            {rule.active ? b.deactivate : b.activate}
                          </AdminButton>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </LoadedView>
      </div>
    </section>
  );
}

const ruleFormSchema = adminBadgeRuleCreateEndpoint.request;
type RuleValues = z.input<typeof ruleFormSchema>;
type RuleOutput = z.output<typeof ruleFormSchema>;

/** A new rule of an existing kind, or a rule's words, threshold and place (never its kind). */
function BadgeRuleForm({ rule, onDone }: { rule: AdminBadgeRule | null; onDone: () => void }) {
  const headingId = useId();
  const create = useConsoleMutation(adminBadgeRuleCreateEndpoint);
  const update = useConsoleMutation(adminBadgeRuleUpdateEndpoint);
  const { register, handleSubmit, formState, setError, watch } = useForm<RuleValues, unknown, RuleOutput>({
    resolver: standardSchemaResolver(ruleFormSchema),
    defaultValues: {
      kind: rule?.kind ?? 'STREAK',
      name: rule?.name ?? '',
      description: rule?.description ?? '',
      emoji: rule?.emoji ?? '',
      threshold: rule?.threshold ?? 1,
      sort: rule?.sort ?? 0,
    },
  });
  const kind = watch('kind') as AdminBadgeKind;
  const oneTime = oneTimeBadgeKinds.includes(kind);
  const errors = formState.errors;
  const text = (path: keyof RuleValues): string | null => {
    const error = errors[path];
    if (!error) return null;
    if (error.type === 'server' && typeof error.message === 'string') return error.message;
    return b.fieldErrors[path] ?? m.failed;
  };
  const submit = handleSubmit(async (values) => {
    try {
      if (rule) {
        const { kind: _kind, ...fields } = values;
        await update.mutateAsync({ badgeRuleId: rule.badgeRuleId, ...fields });
      } else {
        await create.mutateAsync(values);
      }
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        for (const field of error.fields) {
          setError(field.path as keyof RuleValues, {
            type: 'server',
            message: b.fieldCodes[field.code] ?? b.fieldErrors[field.path] ?? m.failed,
          });
        }
      } else {
        setError('root', { type: 'failed' });
      }
    }
  });
  const thresholdHint = oneTime
    ? b.form.oneTime
    : rule && rule.earned > 0
      ? b.form.thresholdEarned(rule.earned)
      : b.form.thresholdHint;
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.toolbar}>
        <h1 id={headingId} className={styles.heading}>
          {rule ? b.form.editHeading(rule.name) : b.form.createHeading}
        </h1>
      </div>
      <form
        className={`${styles.card} ${styles.form}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {rule ? (
          <p className={styles.muted}>{b.form.kindFixed(b.kinds[rule.kind] ?? rule.kind)}</p>
        ) : (
          <Select
            label={b.form.kind}
            hint={b.form.kindHint}
            options={Object.fromEntries(
              adminBadgeKindSchema.options.map((value) => [value, b.kinds[value] ?? value]),
            )}
            {...register('kind')}
          />
        )}
        <div className={`${styles.grid} ${styles.top}`}>
          <Input label={b.form.name} error={text('name')} maxLength={30} {...register('name')} />
          <Input label={b.form.emoji} error={text('emoji')} maxLength={16} {...register('emoji')} />
        </div>
        <Input
          label={b.form.description}
          error={text('description')}
          maxLength={200}
          {...register('description')}
        />
        <div className={`${styles.grid} ${styles.top}`}>
          <Input
            type="number"
            label={b.form.threshold}
            hint={thresholdHint}
            error={text('threshold')}
            min={1}
            max={10000}
            {...register('threshold', { valueAsNumber: true })}
          />
          <Input
            type="number"
            label={b.form.sort}
            error={text('sort')}
            min={0}
            max={9999}
            {...register('sort', { valueAsNumber: true })}
          />
        </div>
        {errors.root && (
          <p className={styles.error} role="alert">
            {m.failed}
          </p>
        )}
        <div className={styles.actions}>
          <AdminButton type="submit" disabled={formState.isSubmitting}>
            {b.form.save}
          </AdminButton>
          <AdminButton variant="secondary" onClick={onDone}>
            {b.form.cancel}
          </AdminButton>
        </div>
      </form>
    </section>
  );
}
