import {
  REGISTRY_CSV_MAX_BYTES,
  registryApplyEndpoint,
  registryDryRunEndpoint,
  registrySearchEndpoint,
  type RegistryCounts,
  type RegistryEncoding,
  type RegistryImportRow,
} from '@hamkke/contract/admin/registry';
import { useQuery } from '@tanstack/react-query';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/shared/api/api-error.ts';
import { adminContentMessages as c } from '@/shared/messages/admin-content.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { AdminButton, Pager } from './parts.tsx';
import { useConfirm } from './confirm.tsx';

const r = c.registry;
const PAGE = 20;
/** A file of up to 20,000 rows is read and compared on the server: more than a plain call's 15 s. */
const CSV_TIMEOUT_MS = 60_000;

/** Why a whole file was refused, in Korean. */
function fileFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return m.failed;
  if (error.status === 409) return r.conflict;
  if (error.status === 413) return r.fileErrors.PAYLOAD_TOO_LARGE!;
  const field = error.fields.find((item) => item.path === 'file');
  if (field?.code === 'INVALID') return r.cannotApply;
  return (field && r.fileErrors[field.code]) ?? m.failed;
}

/** The file's bytes as base64: the server detects the encoding (decision 031). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

/** The row numbers whose bytes could not be read, as the dry run listed them. */
const UNREADABLE_LISTED = 20;

interface DryRun {
  file: string;
  encoding: RegistryEncoding;
  counts: RegistryCounts;
  rows: RegistryImportRow[];
  truncated: boolean;
}

/** The membership registry: CSV dry run, then apply (all or nothing); search with masked phones. */
export function RegistryPage() {
  return (
    <section aria-labelledby="registry-heading" className={styles.stack}>
      <div className={styles.toolbar}>
        <h1 id="registry-heading" className={styles.heading}>
          {r.heading}
        </h1>
      </div>
      <RegistryImport />
      <RegistrySearch />
    </section>
  );
}

function RegistryImport() {
  const ask = useConfirm();
  const fileId = useId();
  const [file, setFile] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [dryRun, setDryRun] = useState<DryRun | null>(null);
  const [applied, setApplied] = useState<RegistryCounts | null>(null);
  const preview = useConsoleMutation(registryDryRunEndpoint, {
    reads: true,
    timeoutMs: CSV_TIMEOUT_MS,
    onSuccess: (result, { file: bytes }) => setDryRun({ file: bytes, ...result }),
  });
  const apply = useConsoleMutation(registryApplyEndpoint, {
    timeoutMs: CSV_TIMEOUT_MS,
    onSuccess: (result) => {
      setApplied(result.counts);
      setDryRun(null);
    },
  });
  const choose = async (chosen: File | undefined) => {
    setDryRun(null);
    setApplied(null);
    setFile(null);
    setFileProblem(null);
    if (!chosen) return;
    if (chosen.size > REGISTRY_CSV_MAX_BYTES) {
      setFileProblem(r.fileErrors.TOO_LONG!);
      return;
    }
    setFile(await base64Of(chosen));
  };
  const counts = dryRun?.counts;
  const canApply = counts !== undefined && counts.rejected === 0 && counts.new + counts.changed > 0;
  return (
    <section aria-labelledby="registry-import-heading" className={styles.card}>
      <h2 id="registry-import-heading" className={styles.subheading}>
        {r.importHeading}
      </h2>
      <p className={styles.muted}>{r.importNote}</p>
      <div className={styles.actions}>
        <label className={styles.label} htmlFor={fileId}>
          {r.file}
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className={styles.input}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </label>
        <AdminButton
          disabled={file === null || preview.isPending}
          onClick={() => file && preview.mutate({ file })}
        >
          {r.dryRun}
        </AdminButton>
      </div>
      {fileProblem && (
        <p className={styles.error} role="alert">
          {fileProblem}
        </p>
      )}
      {preview.error !== null && (
        <p className={styles.error} role="alert">
          {fileFailure(preview.error)}
        </p>
      )}
      {applied && (
        <p className={styles.result} role="status">
          {r.applied(applied.new, applied.changed)}
        </p>
      )}
      {dryRun && counts && (
        <div className={styles.stack}>
          <p role="status">
            {r.counts(counts.total, counts.new, counts.changed, counts.unchanged, counts.rejected)}
          </p>
          <p className={styles.muted}>{r.encoding(r.encodings[dryRun.encoding] ?? dryRun.encoding)}</p>
          <UnreadableRows rows={dryRun.rows} />
          {dryRun.truncated && <p className={styles.muted}>{r.truncated}</p>}
          {dryRun.rows.length > 0 && <DryRunTable rows={dryRun.rows} />}
          {counts.rejected > 0 ? (
            <p className={styles.error}>{r.cannotApply}</p>
          ) : counts.new + counts.changed === 0 ? (
            <p className={styles.muted}>{r.nothingToApply}</p>
          ) : null}
          {apply.error !== null && (
            <p className={styles.error} role="alert">
              {fileFailure(apply.error)}
            </p>
          )}
          <div className={styles.actions}>
            <AdminButton
              disabled={!canApply || apply.isPending}
              onClick={() =>
                void ask({ title: r.confirmApply(counts.new, counts.changed) }).then(
                  (yes) =>
                    yes &&
                    apply.mutate({
                      file: dryRun.file,
                      expected: { new: counts.new, changed: counts.changed },
                    }),
                )
              }
            >
              {r.apply(counts.new, counts.changed)}
            </AdminButton>
          </div>
        </div>
      )}
    </section>
  );
}

/** The rows whose bytes neither UTF-8 nor CP949 reads, by number: the file needs saving again. */
function UnreadableRows({ rows }: { rows: RegistryImportRow[] }) {
  const numbers = rows.filter((row) => row.reasons.includes('UNREADABLE_BYTES')).map((row) => row.row);
  if (numbers.length === 0) return null;
  return (
    <p className={styles.error}>
      {r.unreadableRows(numbers.slice(0, UNREADABLE_LISTED).join(', '), numbers.length > UNREADABLE_LISTED)}
    </p>
  );
}

function DryRunTable({ rows }: { rows: RegistryImportRow[] }) {
  return (
    <table className={styles.table}>
      <caption className={styles.muted}>{r.previewCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{r.columns.row}</th>
          <th scope="col">{r.columns.status}</th>
          <th scope="col">{r.columns.memberNo}</th>
          <th scope="col">{r.columns.name}</th>
          <th scope="col">{r.columns.phone}</th>
          <th scope="col">{r.columns.detail}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.row}>
            <th scope="row">{row.row}</th>
            <td>
              <span
                className={`${styles.badge} ${row.status === 'REJECTED' ? styles.rejected : row.status === 'NEW' ? '' : styles.draft}`}
              >
                {r.statuses[row.status]}
              </span>
            </td>
            <td>{row.memberNo}</td>
            <td>{row.name}</td>
            <td>{row.phoneMasked}</td>
            <td>
              {row.status === 'REJECTED'
                ? row.reasons.map((reason) => r.reasons[reason] ?? reason).join(', ')
                : row.status === 'CHANGED'
                  ? r.changed(row.changedFields.map((field) => r.fields[field] ?? field))
                  : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The search box: the contract's rule for the query. */
const searchSchema = registrySearchEndpoint.request.pick({ query: true });

function RegistrySearch() {
  const inputId = useId();
  const search = useForm<z.input<typeof searchSchema>, unknown, z.output<typeof searchSchema>>({
    resolver: standardSchemaResolver(searchSchema),
    defaultValues: { query: '' },
  });
  const text = search.watch('query');
  const [query, setQuery] = useState('');
  const [offset, setOffset] = useState(0);
  const found = useQuery({
    ...consoleQuery(registrySearchEndpoint, { query, offset, limit: PAGE }),
    enabled: query !== '',
  });
  const submit = search.handleSubmit((fields) => {
    setOffset(0);
    setQuery(fields.query);
  });
  return (
    <section aria-labelledby="registry-search-heading" className={styles.card}>
      <h2 id="registry-search-heading" className={styles.subheading}>
        {r.searchHeading}
      </h2>
      <form className={styles.actions} role="search" onSubmit={(event) => void submit(event)}>
        <label className={styles.label} htmlFor={inputId}>
          {r.search}
          <input id={inputId} className={styles.input} maxLength={40} {...search.register('query')} />
        </label>
        <AdminButton type="submit" disabled={!text.trim()}>
          {r.searchButton}
        </AdminButton>
      </form>
      {!query ? (
        <p className={styles.muted}>{r.searchHint}</p>
      ) : found.isPending ? (
        <p role="status">{m.loading}</p>
      ) : found.isError ? (
        <p role="alert">{m.failed}</p>
      ) : found.data.items.length === 0 ? (
        <p>{r.searchEmpty}</p>
      ) : (
        <>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{r.searchColumns.memberNo}</th>
                <th scope="col">{r.searchColumns.name}</th>
                <th scope="col">{r.searchColumns.phone}</th>
                <th scope="col">{r.searchColumns.birthDate}</th>
                <th scope="col">{r.searchColumns.updatedAt}</th>
              </tr>
            </thead>
            <tbody>
              {found.data.items.map((entry) => (
                <tr key={entry.memberNo}>
                  <th scope="row">{entry.memberNo}</th>
                  <td>{entry.name}</td>
                  <td>{entry.phoneMasked}</td>
                  <td>{entry.hasBirthDate ? r.hasBirthDate : r.noBirthDate}</td>
                  <td>{formatSeoulDateTime(entry.updatedAt ?? entry.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager offset={offset} size={PAGE} total={found.data.total} onOffset={setOffset} />
        </>
      )}
    </section>
  );
}
