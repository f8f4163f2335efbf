import {
  adminServiceInfoGetEndpoint,
  adminServiceInfoUpdateEndpoint,
  adminServiceInfoUpdateRequestSchema,
  type AdminServiceInfo,
} from '@hamkke/contract/admin/service-info';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminContentMessages as c } from '@/shared/messages/admin-content.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { Input } from './challenge-forms.tsx';
import { fieldError, showServerRefusal, TextArea } from './content-fields.tsx';
import { AdminButton, LoadedView } from './parts.tsx';

/** The app's service information page (/my → 서비스 안내): one text, shown at once when saved. */
export function ServiceInfoPage() {
  const page = useQuery(consoleQuery(adminServiceInfoGetEndpoint, {}));
  return (
    <section aria-labelledby="service-info-heading">
      <div className={styles.toolbar}>
        <h1 id="service-info-heading" className={styles.heading}>
          {c.serviceInfo.heading}
        </h1>
      </div>
      <p className={styles.muted}>{c.serviceInfo.note}</p>
      <LoadedView query={page}>{(data) => <ServiceInfoForm page={data} />}</LoadedView>
    </section>
  );
}

type Values = z.input<typeof adminServiceInfoUpdateRequestSchema>;

function ServiceInfoForm({ page }: { page: AdminServiceInfo }) {
  const [updatedAt, setUpdatedAt] = useState(page.updatedAt);
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<
    Values,
    unknown,
    z.output<typeof adminServiceInfoUpdateRequestSchema>
  >({
    resolver: standardSchemaResolver(adminServiceInfoUpdateRequestSchema),
    defaultValues: { title: page.title, content: page.content },
  });
  const errors = formState.errors;
  const save = useConsoleMutation(adminServiceInfoUpdateEndpoint);
  const submit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      const result = await save.mutateAsync(values);
      setUpdatedAt(result.updatedAt);
      setSaved(true);
    } catch (error) {
      showServerRefusal(error, setError, c.serviceInfo);
    }
  });
  return (
    <form
      className={`${styles.card} ${styles.form}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {updatedAt && <p className={styles.muted}>{c.serviceInfo.updatedAt(formatSeoulDateTime(updatedAt))}</p>}
      <Input
        label={c.serviceInfo.title}
        error={fieldError(errors, 'title', c.serviceInfo.fieldErrors)}
        {...register('title')}
      />
      <TextArea
        label={c.serviceInfo.content}
        rows={18}
        error={fieldError(errors, 'content', c.serviceInfo.fieldErrors)}
        {...register('content')}
      />
      {errors.root && (
        <p className={styles.error} role="alert">
          {m.failed}
        </p>
      )}
      {saved && (
        <p className={styles.result} role="status">
          {c.serviceInfo.saved}
        </p>
      )}
      <div className={styles.actions}>
        <AdminButton type="submit" disabled={formState.isSubmitting}>
          {c.save}
        </AdminButton>
      </div>
    </form>
  );
}
