import {
  adminCommonCodeCreateEndpoint,
  adminCommonCodeCreateRequestSchema,
  adminCommonCodeListEndpoint,
  adminCommonCodeSetActiveEndpoint,
  adminCommonCodeUpdateEndpoint,
  type AdminCommonCode,
} from '@hamkke/contract/admin/common-codes';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminContentMessages as c } from '@/shared/messages/admin-content.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { Input } from './challenge-forms.tsx';
import { fieldError, showServerRefusal } from './content-fields.tsx';
import { AdminButton, LoadedView } from './parts.tsx';
import { useConfirm } from './confirm.tsx';

/** Common codes by group: add, relabel, reorder, deactivate (never delete: rows may name a code). */
export function CommonCodesPage() {
  const ask = useConfirm();
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
  return (
    <section aria-labelledby="codes-heading">
      <div className={styles.toolbar}>
        <h1 id="codes-heading" className={styles.heading}>
          {c.commonCodes.heading}
        </h1>
        <AdminButton onClick={() => setEditing('new')}>{c.commonCodes.create}</AdminButton>
      </div>
      <div className={styles.filters}>
        <label className={styles.label} htmlFor={groupId}>
          {c.commonCodes.group}
          <select
            id={groupId}
            className={styles.select}
            value={group}
            onChange={(event) => setGroup(event.target.value)}
          >
            <option value="">{c.commonCodes.allGroups}</option>
            {list.isSuccess &&
              list.data.groups.map((key) => (
                <option key={key} value={key}>
                  {key}
                </option>
              ))}
          </select>
        </label>
      </div>
      <div className={styles.card}>
        {toggle.error !== null && (
          <p className={styles.error} role="alert">
            {m.failed}
          </p>
        )}
        <LoadedView query={list} isEmpty={(data) => data.items.length === 0} empty={c.commonCodes.empty}>
          {(data) => (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{c.commonCodes.columns.group}</th>
                  <th scope="col">{c.commonCodes.columns.code}</th>
                  <th scope="col">{c.commonCodes.columns.name}</th>
                  <th scope="col">{c.commonCodes.columns.sort}</th>
                  <th scope="col">{c.commonCodes.columns.active}</th>
                  <th scope="col">{c.commonCodes.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((code) => (
                  <tr key={`${code.groupKey}/${code.code}`}>
                    <td>{code.groupKey}</td>
                    <th scope="row">{code.code}</th>
                    <td>{code.name}</td>
                    <td>{code.sort}</td>
                    <td>
                      <span className={`${styles.badge} ${code.active ? '' : styles.draft}`}>
                        {code.active ? c.commonCodes.active : c.commonCodes.inactive}
                      </span>
                    </td>
                    <td>
                      <div className={styles.actions}>
                        <AdminButton
                          variant="secondary"
                          aria-label={`${code.name} ${c.commonCodes.edit}`}
                          onClick={() => setEditing(code)}
                        >
                          {c.commonCodes.edit}
                        </AdminButton>
                        <AdminButton
                          variant={code.active ? 'danger' : 'secondary'}
                          aria-label={`${code.name} ${code.active ? c.commonCodes.deactivate : c.commonCodes.activate}`}
                          disabled={toggle.isPending}
                          onClick={() => {
                            void (
                              code.active
                                ? ask({
                                    title: c.commonCodes.confirmDeactivate(code.name),
                                    confirmLabel: c.commonCodes.deactivate,
                                    danger: true,
                                  })
                                : Promise.resolve(true)
                            ).then(
                              (yes) =>
                                yes &&
                                toggle.mutate({
                                  groupKey: code.groupKey,
                                  code: code.code,
                                  active: !code.active,
                                }),
                            );
                          }}
                        >
                          {code.active ? c.commonCodes.deactivate : c.commonCodes.activate}
                        </AdminButton>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </LoadedView>
      </div>
    </section>
  );
}

type CodeValues = z.input<typeof adminCommonCodeCreateRequestSchema>;

function CodeForm(props: { code: AdminCommonCode | null; group: string; onDone: () => void }) {
  const { code, group, onDone } = props;
  const { register, handleSubmit, formState, setError } = useForm<
    CodeValues,
    unknown,
    z.output<typeof adminCommonCodeCreateRequestSchema>
  >({
    resolver: standardSchemaResolver(adminCommonCodeCreateRequestSchema),
    defaultValues: {
      groupKey: code?.groupKey ?? group,
      code: code?.code ?? '',
      name: code?.name ?? '',
      sort: code?.sort ?? 0,
    },
  });
  const errors = formState.errors;
  const words = c.commonCodes;
  const create = useConsoleMutation(adminCommonCodeCreateEndpoint);
  const update = useConsoleMutation(adminCommonCodeUpdateEndpoint);
  const submit = handleSubmit(async (values) => {
    try {
      await (code ? update : create).mutateAsync(values);
      onDone();
    } catch (error) {
      showServerRefusal(error, setError, words);
    }
  });
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.toolbar}>
        <h1 id={headingId} className={styles.heading}>
          {code ? words.form.editHeading(code.groupKey, code.code) : words.form.createHeading}
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
        <Input
          label={words.form.groupKey}
          readOnly={code !== null}
          error={fieldError(errors, 'groupKey', words.fieldErrors)}
          {...register('groupKey')}
        />
        <Input
          label={words.form.code}
          readOnly={code !== null}
          error={fieldError(errors, 'code', words.fieldErrors)}
          {...register('code')}
        />
        <Input
          label={words.form.name}
          error={fieldError(errors, 'name', words.fieldErrors)}
          {...register('name')}
        />
        <Input
          label={words.form.sort}
          inputMode="numeric"
          error={fieldError(errors, 'sort', words.fieldErrors)}
          {...register('sort', { valueAsNumber: true })}
        />
        {errors.root && (
          <p className={styles.error} role="alert">
            {m.failed}
          </p>
        )}
        <div className={styles.actions}>
          <AdminButton type="submit" disabled={formState.isSubmitting}>
            {c.save}
          </AdminButton>
          <AdminButton variant="secondary" onClick={onDone}>
            {c.cancel}
          </AdminButton>
        </div>
      </form>
    </section>
  );
}
