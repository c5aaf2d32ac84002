import { useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { Plus } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** What the editor needs of a TanStack Form array field (`mode="array"`). */
interface RowsField<Row> {
  state: { value: Row[] }
  pushValue: (row: Row) => void
  removeValue: (index: number) => unknown
}

/**
 * An editable list of rows (songs, unavailable times, days, stages): the rows, then an "Add"
 * button. The keyboard never loses its way: adding a row focuses its first control; removing
 * one focuses the row that takes its place (`focusAfterRemove="previous"`: the row before it;
 * `"add"`, or when none is left: the Add button). Rows are positions: values move, inputs stay (`key` is the index).
 */
export function RepeatedRows<Row>({
  field,
  newRow,
  max,
  addLabel,
  addAriaLabel,
  addNote,
  hideAddWhenFull = false,
  focusAfterRemove = 'row',
  onRowsMoved,
  list = 'ol',
  listLabel,
  listClassName = 'flex flex-col gap-3',
  hideEmptyList = false,
  children,
}: {
  field: RowsField<Row>
  /** The row "Add" appends, from the rows there are (e.g. the day after the last). */
  newRow: (rows: Row[]) => Row
  max: number
  addLabel: ReactNode
  addAriaLabel?: string
  /** Beside the Add button, e.g. "At most 10 songs." once full. */
  addNote?: ReactNode
  hideAddWhenFull?: boolean
  focusAfterRemove?: 'row' | 'previous' | 'add'
  /** Rows moved: e.g. forget the server's messages, which name rows by position. */
  onRowsMoved?: () => void
  list?: 'ol' | 'ul' | 'div'
  listLabel?: string
  listClassName?: string
  hideEmptyList?: boolean
  /** One row's content; `remove` takes the row out and moves the focus. */
  children: (index: number, remove: () => void) => ReactNode
}) {
  // Elements in state, not refs: `remove` is handed to the rows while rendering.
  const [listElement, setListElement] = useState<HTMLElement | null>(null)
  const [addButton, setAddButton] = useState<HTMLButtonElement | null>(null)
  const rows = field.state.value
  const full = rows.length >= max
  const Row = list === 'div' ? 'div' : 'li'

  const focusRow = (index: number) => {
    const row = listElement?.children[index]
    const control = row?.querySelector<HTMLElement>('input, select, textarea')
    if (control) control.focus()
    else addButton?.focus()
  }
  const add = () => {
    // The field's values now, not at render: an array field re-renders only when rows come or go.
    const current = field.state.value
    onRowsMoved?.()
    flushSync(() => field.pushValue(newRow(current)))
    focusRow(current.length)
  }
  const removeAt = (index: number) => {
    onRowsMoved?.()
    flushSync(() => field.removeValue(index))
    if (focusAfterRemove === 'add' || rows.length <= 1 || (focusAfterRemove === 'previous' && index === 0)) addButton?.focus()
    else focusRow(focusAfterRemove === 'previous' ? index - 1 : Math.min(index, rows.length - 2))
  }

  const List = list
  return (
    <>
      {/* Hidden, not left out, when empty: the first row added is focused inside it. */}
      <List ref={setListElement} hidden={hideEmptyList && rows.length === 0} aria-label={listLabel} className={listClassName}>
        {rows.map((_, index) => (
          <Row key={index}>{children(index, () => removeAt(index))}</Row>
        ))}
      </List>
      {hideAddWhenFull && full ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <Button ref={setAddButton} variant="secondary" disabled={full} aria-label={addAriaLabel} onClick={add}>
            <Plus aria-hidden className="size-4" />
            {addLabel}
          </Button>
          {addNote}
        </div>
      )}
    </>
  )
}
