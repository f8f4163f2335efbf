import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, Key, ReactNode } from 'react';
import styles from '../admin.module.css';
import { useConfirm, type ConfirmOptions } from '../pages/confirm.tsx';
import { AdminButton, LoadedView, Pager } from '../pages/parts.tsx';
import { FailedLine } from './screen.tsx';

/** One column of a console table: its header, and what each row shows in it. */
export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The cell that names its row (`<th scope="row">`). */
  rowHeader?: boolean;
  className?: string;
}

/**
 * A console table's frame: the column headers (`<th scope="col">`) and the body's rows; `scroll` for
 * a wide one that scrolls sideways on a narrow screen. For rows that draw themselves (a row with its
 * own form); `DataTable` draws the usual ones from columns.
 */
export function TableFrame(props: { headers: readonly ReactNode[]; scroll?: boolean; children: ReactNode }) {
  const table = (
    <table className={styles.table}>
      <thead>
        <tr>
          {props.headers.map((header, index) => (
            <th key={index} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
  return props.scroll ? <div className={styles.scroll}>{table}</div> : table;
}

export interface TableProps<T> {
  columns: readonly Column<T>[];
  rowKey: (row: T) => Key;
  rowClassName?: (row: T) => string | undefined;
  scroll?: boolean;
}

/** A console table drawn from its columns, a row per item. */
export function DataTable<T>(props: TableProps<T> & { rows: readonly T[] }) {
  const { columns } = props;
  return (
    <TableFrame headers={columns.map((column) => column.header)} scroll={props.scroll}>
      {props.rows.map((row) => (
        <tr key={props.rowKey(row)} className={props.rowClassName?.(row)}>
          {columns.map((column, index) =>
            column.rowHeader ? (
              <th key={index} scope="row" className={column.className}>
                {column.cell(row)}
              </th>
            ) : (
              <td key={index} className={column.className}>
                {column.cell(row)}
              </td>
            ),
          )}
        </tr>
      ))}
    </TableFrame>
  );
}

/** A list read page by page: where it starts, how many a page holds, and how to move. */
export interface Paging {
  offset: number;
  size: number;
  onOffset: (offset: number) => void;
}

/** A list's rows: drawn from columns, or rows that draw themselves under the given headers. */
export type ListRows<T> =
  TableProps<T> | { headers: readonly ReactNode[]; row: (row: T) => ReactNode; scroll?: boolean };

/**
 * A console list in its card: a note, the line that says a change failed, what a change did, then
 * the list's loading / failure / empty text or its table, and the pager when it is paged. `children`
 * come last (a bulk form under the table).
 */
export function ListPanel<D extends { items: readonly unknown[]; total?: number }>(
  props: ListRows<D['items'][number]> & {
    query: UseQueryResult<D>;
    empty: ReactNode;
    note?: ReactNode;
    failed?: boolean;
    status?: ReactNode;
    paging?: Paging;
    children?: ReactNode;
  },
) {
  const { query, paging } = props;
  return (
    <div className={styles.card}>
      {props.note}
      <FailedLine shown={props.failed ?? false} />
      {props.status}
      <LoadedView query={query} isEmpty={(data) => data.items.length === 0} empty={props.empty}>
        {(data) =>
          'row' in props ? (
            <TableFrame headers={props.headers} scroll={props.scroll}>
              {data.items.map(props.row)}
            </TableFrame>
          ) : (
            <DataTable {...props} rows={data.items} />
          )
        }
      </LoadedView>
      {paging && query.isSuccess && (
        <Pager
          offset={paging.offset}
          size={paging.size}
          total={query.data.total ?? query.data.items.length}
          onOffset={paging.onOffset}
        />
      )}
      {props.children}
    </div>
  );
}

/**
 * A row's button, named with the row (`「공지」 수정`) when `subject` is given; with `ask`, it asks in
 * the console's dialog first and acts only on a yes.
 */
export function ActionButton({
  label,
  subject,
  ask: question,
  onAct,
  ...props
}: Omit<ComponentProps<typeof AdminButton>, 'onClick' | 'children'> & {
  label: string;
  subject?: string;
  ask?: ConfirmOptions | null;
  onAct: () => void;
}) {
  const ask = useConfirm();
  return (
    <AdminButton
      aria-label={subject === undefined ? undefined : `${subject} ${label}`}
      {...props}
      onClick={() => {
        if (!question) onAct();
        else void ask(question).then((yes) => yes && onAct());
      }}
    >
      {label}
    </AdminButton>
  );
}

/** A row's edit and delete buttons; delete asks first, with the danger look. */
export function EditRemoveActions(props: {
  subject: string;
  edit: string;
  remove: string;
  confirmRemove: string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <div className={styles.actions}>
      <ActionButton variant="secondary" subject={props.subject} label={props.edit} onAct={props.onEdit} />
      <ActionButton
        variant="danger"
        subject={props.subject}
        label={props.remove}
        ask={{ title: props.confirmRemove, confirmLabel: props.remove, danger: true }}
        onAct={props.onRemove}
      />
    </div>
  );
}

/**
 * A row's edit button and its on/off switch: rows that other rows may name are switched off, never
 * deleted; switching off asks first, with the danger look, and switching on does not.
 */
export function EditToggleActions(props: {
  subject: string;
  active: boolean;
  words: { edit: string; activate: string; deactivate: string };
  confirmDeactivate: string;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
}) {
  const { words, active } = props;
  return (
    <div className={styles.actions}>
      <ActionButton variant="secondary" subject={props.subject} label={words.edit} onAct={props.onEdit} />
      <ActionButton
        variant={active ? 'danger' : 'secondary'}
        subject={props.subject}
        label={active ? words.deactivate : words.activate}
        disabled={props.busy}
        ask={active ? { title: props.confirmDeactivate, confirmLabel: words.deactivate, danger: true } : null}
        onAct={props.onToggle}
      />
    </div>
  );
}
