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
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminBadgeRuleMessages as b } from '@/shared/messages/admin-badge-rules.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { Input, Select } from './challenge-forms.tsx';
import { fieldError } from './content-fields.tsx';
import { AdminButton } from './parts.tsx';
import { EditorForm, useSchemaForm } from '../shell/editor-form.tsx';
import { EditToggleActions, ListPanel } from '../shell/list-panel.tsx';
import { AdminScreen } from '../shell/screen.tsx';

/**
 * 배지 규칙 (content): the rules the app's badges are earned by. A rule's kind is fixed, rules are
 * switched off rather than deleted, and a new threshold applies to grants from now on.
 */
export function BadgeRulesPage() {
  const [editing, setEditing] = useState<AdminBadgeRule | 'new' | null>(null);
  const list = useQuery(consoleQuery(adminBadgeRuleListEndpoint, {}));
  const toggle = useConsoleMutation(adminBadgeRuleActivateEndpoint);
  if (editing) {
    return <BadgeRuleForm rule={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }
  return (
    <AdminScreen
      headingId="badge-rules-heading"
      heading={b.heading}
      actions={<AdminButton onClick={() => setEditing('new')}>{b.create}</AdminButton>}
    >
      <ListPanel
        query={list}
        empty={b.empty}
        note={<p className={styles.muted}>{b.note}</p>}
        failed={toggle.error !== null}
        scroll
        rowKey={(rule) => rule.badgeRuleId}
        rowClassName={(rule) => (rule.active ? undefined : styles.off)}
        columns={[
          { header: b.columns.sort, cell: (rule) => rule.sort },
          {
            header: b.columns.badge,
            rowHeader: true,
            cell: (rule) => (
              <>
                <span aria-hidden="true">{rule.emoji}</span> {rule.name}
              </>
            ),
          },
          { header: b.columns.kind, cell: (rule) => b.kinds[rule.kind] },
          { header: b.columns.threshold, cell: (rule) => rule.threshold },
          { header: b.columns.description, cell: (rule) => rule.description },
          { header: b.columns.earned, cell: (rule) => b.people(rule.earned) },
          {
            header: b.columns.active,
            cell: (rule) => (
              <span className={rule.active ? styles.badge : `${styles.badge} ${styles.draft}`}>
                {rule.active ? b.active : b.inactive}
              </span>
            ),
          },
          {
            header: b.columns.actions,
            cell: (rule: AdminBadgeRule) => (
              <EditToggleActions
                subject={rule.name}
                active={rule.active}
                words={b}
                confirmDeactivate={b.confirmDeactivate(rule.name, rule.earned)}
                busy={toggle.isPending}
                onEdit={() => setEditing(rule)}
                onToggle={() => toggle.mutate({ badgeRuleId: rule.badgeRuleId, active: !rule.active })}
              />
            ),
          },
        ]}
      />
    </AdminScreen>
  );
}

const ruleFormSchema = adminBadgeRuleCreateEndpoint.request;

/** A new rule of an existing kind, or a rule's words, threshold and place (never its kind). */
function BadgeRuleForm({ rule, onDone }: { rule: AdminBadgeRule | null; onDone: () => void }) {
  const create = useConsoleMutation(adminBadgeRuleCreateEndpoint);
  const update = useConsoleMutation(adminBadgeRuleUpdateEndpoint);
  const form = useSchemaForm(ruleFormSchema, {
    kind: rule?.kind ?? 'STREAK',
    name: rule?.name ?? '',
    description: rule?.description ?? '',
    emoji: rule?.emoji ?? '',
    threshold: rule?.threshold ?? 1,
    sort: rule?.sort ?? 0,
  });
  const { register, formState, watch } = form;
  const kind = watch('kind') as AdminBadgeKind;
  const oneTime = oneTimeBadgeKinds.includes(kind);
  const text = (path: string) => fieldError(formState.errors, path, b.fieldErrors);
  const thresholdHint = oneTime
    ? b.form.oneTime
    : rule && rule.earned > 0
      ? b.form.thresholdEarned(rule.earned)
      : b.form.thresholdHint;
  return (
    <AdminScreen heading={rule ? b.form.editHeading(rule.name) : b.form.createHeading}>
      <EditorForm
        form={form}
        noValidate
        onValid={async (values) => {
          if (rule) {
            const { kind: _kind, ...fields } = values;
            await update.mutateAsync({ badgeRuleId: rule.badgeRuleId, ...fields });
          } else {
            await create.mutateAsync(values);
          }
          onDone();
        }}
        refusal={b}
        submitLabel={b.form.save}
        cancel={{ label: b.form.cancel, onCancel: onDone }}
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
      </EditorForm>
    </AdminScreen>
  );
}
