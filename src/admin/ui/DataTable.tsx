/**
 * The admin tables (students, users, staff, audit log), drawn with TanStack Table v9 (`useTable`
 * and `tableFeatures`: the v9 API) into plain semantic markup: a caption, column headers, the
 * cell of the `rowHeader` column (the first by default) as each row's header. The table scrolls sideways on a phone inside a
 * focusable region, so the keyboard can scroll it too. Pass `columns` that keep their identity
 * between renders (module scope or useMemo).
 */
import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';

/** No sorting, filtering or paging in the table itself: the server does those (keyset pages). */
export const features = tableFeatures({});
export type Features = typeof features;

/** Column definitions of a table of `T`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Columns<T extends RowData> = ColumnDef<Features, T, any>[];

interface Props<T extends { _id: string } & RowData> {
  /** Names the table (shown above it). */
  caption: ReactNode;
  /** Text naming the scrolling region for screen readers. */
  label: string;
  columns: Columns<T>;
  data: T[];
  /** The id of the column whose cell heads each row (the first column when left out). */
  rowHeader?: string;
  /** A class added to the table's own. */
  className?: string;
}

export default function DataTable<T extends { _id: string } & RowData>({ caption, label, columns, data, rowHeader, className }: Props<T>) {
  const table = useTable({ features, columns, data, getRowId: (row) => row._id });
  return (
    <div className="table-wrap admin-table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className={className ? `table admin-table ${className}` : 'table admin-table'}>
        <caption>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell, index) =>
                (rowHeader ? cell.column.id === rowHeader : index === 0) ? (
                  <th key={cell.id} scope="row">
                    <table.FlexRender cell={cell} />
                  </th>
                ) : (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
