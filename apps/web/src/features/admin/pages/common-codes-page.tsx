import {
  adminCommonCodeCreateEndpoint,
  adminCommonCodeCreateRequestSchema,
  adminCommonCodeListEndpoint,
  adminCommonCodeSetActiveEndpoint,
  adminCommonCodeUpdateEndpoint,
  type AdminCommonCode,
} from '@hamkke/contract/admin/common-codes';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminContentMessages as c } from '@/shared/messages/admin-content.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { Input } from './challenge-forms.tsx';
import { fieldError } from './content-fields.tsx';
import { AdminButton } from './parts.tsx';
import { EditorForm, useSchemaForm } from '../shell/editor-form.tsx';
import { EditToggleActions, ListPanel } from '../shell/list-panel.tsx';
import { AdminScreen } from '../shell/screen.tsx';

/** Common codes by group: add, relabel, reorder, deactivate (never delete: rows may name a code). */
export function CommonCodesPage() {
  const [group, setGroup] = useState('');
  const [editing, setEditing] = useState<AdminCommonCode | 'new' | null>(null);
  const groupId = useId();
  const list = useQuery(consoleQuery(adminCommonCodeListEndpoint, group ? { groupKey: group } : {}));
  const toggle = useConsoleMutation(adminCommonCodeSetActiveEndpoint);
  if (editing) {
    return (
      <CodeForm code={editing === 'new' ? null : editing} group={group} onDone={() => setEditing(null)} />
    );
  }
  const w = c.commonCodes;
  return (
    <AdminScreen
      headingId="codes-heading"
      heading={w.heading}
      actions={<AdminButton onClick={() => setEditing('new')}>{w.create}</AdminButton>}
    >
      <div className={styles.filters}>
        <label className={styles.label} htmlFor={groupId}>
          {w.group}
          <select
            id={groupId}
            className={styles.select}
            value={group}
            onChange={(event) => setGroup(event.target.value)}
          >
            <option value="">{w.allGroups}</option>
            {list.isSuccess &&
              list.data.groups.map((key) => (
                <option key={key} value={key}>
                  {key}
                </option>
              ))}
          </select>
        </label>
      </div>
      <ListPanel
        query={list}
        empty={w.empty}
        failed={toggle.error !== null}
        rowKey={(code) => `${code.groupKey}/${code.code}`}
        columns={[
          { header: w.columns.group, cell: (code) => code.groupKey },
          { header: w.columns.code, cell: (code) => code.code, rowHeader: true },
          { header: w.columns.name, cell: (code) => code.name },
          { header: w.columns.sort, cell: (code) => code.sort },
          {
            header: w.columns.active,
            cell: (code) => (
              <span className={`${styles.badge} ${code.active ? '' : styles.draft}`}>
                {code.active ? w.active : w.inactive}
              </span>
            ),
          },
          {
            header: w.columns.actions,
            cell: (code: AdminCommonCode) => (
              <EditToggleActions
                subject={code.name}
                active={code.active}
                words={w}
                confirmDeactivate={w.confirmDeactivate(code.name)}
                busy={toggle.isPending}
                onEdit={() => setEditing(code)}
                onToggle={() =>
                  toggle.mutate({ groupKey: code.groupKey, code: code.code, active: !code.active })
                }
              />
            ),
          },
        ]}
      />
    </AdminScreen>
  );
}

function CodeForm(props: { code: AdminCommonCode | null; group: string; onDone: () => void }) {
  const { code, group, onDone } = props;
  const form = useSchemaForm(adminCommonCodeCreateRequestSchema, {
    groupKey: code?.groupKey ?? group,
    code: code?.code ?? '',
    name: code?.name ?? '',
    sort: code?.sort ?? 0,
  });
  const { register, formState } = form;
  const words = c.commonCodes;
  const error = (path: string) => fieldError(formState.errors, path, words.fieldErrors);
  const create = useConsoleMutation(adminCommonCodeCreateEndpoint);
  const update = useConsoleMutation(adminCommonCodeUpdateEndpoint);
  return (
    <AdminScreen heading={code ? words.form.editHeading(code.groupKey, code.code) : words.form.createHeading}>
      <EditorForm
        form={form}
        noValidate
        onValid={async (values) => {
          await (code ? update : create).mutateAsync(values);
          onDone();
        }}
        refusal={words}
        submitLabel={c.save}
        cancel={{ label: c.cancel, onCancel: onDone }}
      >
        <Input
          label={words.form.groupKey}
          readOnly={code !== null}
          error={error('groupKey')}
          {...register('groupKey')}
        />
        <Input label={words.form.code} readOnly={code !== null} error={error('code')} {...register('code')} />
        <Input label={words.form.name} error={error('name')} {...register('name')} />
        <Input
          label={words.form.sort}
          inputMode="numeric"
          error={error('sort')}
          {...register('sort', { valueAsNumber: true })}
        />
      </EditorForm>
    </AdminScreen>
  );
}
