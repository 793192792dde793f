import { Table, Td, Th, Tr } from '@/components/ui/table';
import { pageCell, type ReportTable } from '../derive';

interface ReportTableViewProps {
  table: ReportTable;
  caption: string;
  /** Only for screen readers (the dashboard's charts): the figures behind the picture. */
  hidden?: boolean;
  id?: string;
}

/** The figures of a section, totals in the footer. Money right-aligned with tabular digits. */
export function ReportTableView({ table, caption, hidden = false, id }: ReportTableViewProps) {
  const inner = (
    <>
      <thead>
        <tr>
          {table.columns.map((c) => (
            <Th key={c.key} numeric={c.kind !== 'text'}>
              {c.label}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((r, i) => (
          <Tr key={i}>
            {table.columns.map((c, j) =>
              j === 0 ? (
                <Th key={c.key} scope="row">
                  {pageCell(c, r[c.key] ?? '')}
                </Th>
              ) : (
                <Td key={c.key} numeric={c.kind !== 'text'} data-key={c.key}>
                  {pageCell(c, r[c.key] ?? '')}
                </Td>
              ),
            )}
          </Tr>
        ))}
      </tbody>
      {table.totals && (
        <tfoot>
          <tr>
            {table.columns.map((c, j) =>
              j === 0 ? (
                <Th key={c.key} scope="row">
                  {table.totals![c.key]}
                </Th>
              ) : (
                <Td key={c.key} numeric={c.kind !== 'text'} data-key={c.key}>
                  {table.totals![c.key] === undefined ? '' : pageCell(c, table.totals![c.key]!)}
                </Td>
              ),
            )}
          </tr>
        </tfoot>
      )}
    </>
  );
  // Hidden: a plain table, with no scrolling region to tab into, inside a box that clips
  // it (a table is never narrower than its content, so it cannot be hidden by its own size).
  return hidden ? (
    <div className="visually-hidden">
      <table id={id} data-report={table.id}>
        <caption>{caption}</caption>
        {inner}
      </table>
    </div>
  ) : (
    <Table caption={caption} hideCaption stickyHeader={false} id={id} data-report={table.id}>
      {inner}
    </Table>
  );
}
