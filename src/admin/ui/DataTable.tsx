/**
 * The admin tables (students, users, staff, audit log, leads), drawn with TanStack Table v9
 * (`useTable` and `tableFeatures`: the v9 API) into plain semantic markup: a caption, column
 * headers, the cell of the `rowHeader` column (the first by default) as each row's header. Where
 * the table's box is narrower than its columns need (a phone, a small tablet), each row becomes a
 * card: the row's header on top, every other cell under its column's name, the actions last and
 * wrapping, so nothing sits off-screen and the page never scrolls sideways. The switch is a CSS
 * container query on the box; the explicit table roles keep the table a table for screen readers
 * when its parts are laid out as blocks. Pass `columns` that keep their identity between renders
 * (module scope or useMemo).
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
  /** Text naming the table's region for screen readers. */
  label: string;
  columns: Columns<T>;
  data: T[];
  /** The id of the column whose cell heads each row (the first column when left out). */
  rowHeader?: string;
  /** A class added to the table's own. */
  className?: string;
}

/** The ids of columns shown as a row of buttons at the foot of a card. */
const ACTION_COLUMNS = new Set(['actions']);

export default function DataTable<T extends { _id: string } & RowData>({ caption, label, columns, data, rowHeader, className }: Props<T>) {
  const table = useTable({ features, columns, data, getRowId: (row) => row._id });
  return (
    <div className="table-wrap admin-table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table role="table" className={className ? `table admin-table ${className}` : 'table admin-table'}>
        <caption>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} role="row">
              {group.headers.map((header) => (
                <th key={header.id} scope="col" role="columnheader">
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} role="row">
              {row.getAllCells().map((cell, index) => {
                const header = cell.column.columnDef.header;
                // The column's name, shown before the value when the row is a card.
                const name = typeof header === 'string' ? header : undefined;
                return (rowHeader ? cell.column.id === rowHeader : index === 0) ? (
                  <th key={cell.id} scope="row" role="rowheader">
                    <table.FlexRender cell={cell} />
                  </th>
                ) : (
                  <td
                    key={cell.id}
                    // Kept a cell where a browser would drop it when the row is laid out as a card.
                    // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role
                    role="cell"
                    data-label={ACTION_COLUMNS.has(cell.column.id) ? undefined : name}
                    className={ACTION_COLUMNS.has(cell.column.id) ? 'admin-table__actions' : undefined}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
