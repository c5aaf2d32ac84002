import type { FastifyReply } from 'fastify'
import { stringify } from 'csv-stringify/sync'

export interface CsvColumn<T> {
  header: string
  value: (row: T) => string | number | boolean | null | undefined
}

/** Spreadsheet apps run cells starting with these as formulas; a leading ' keeps them text. */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * Answers a CSV that opens correctly in Excel: UTF-8 with a BOM (so Japanese names survive),
 * CRLF line ends, every cell quoted as needed, formula-looking cells neutralised.
 */
export function sendCsv<T>(reply: FastifyReply, filename: string, columns: ReadonlyArray<CsvColumn<T>>, rows: Iterable<T>) {
  const records: string[][] = [columns.map((column) => column.header)]
  for (const row of rows) {
    records.push(
      columns.map((column) => {
        const value = column.value(row)
        const text = value === null || value === undefined ? '' : String(value)
        return FORMULA_START.test(text) ? `'${text}` : text
      }),
    )
  }
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '')
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('cache-control', 'no-store')
    .send('\uFEFF' + stringify(records, { record_delimiter: 'windows' }))
}
