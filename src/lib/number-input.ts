/** A number field's text: empty while the value is NaN (the box was cleared). */
export const numberValue = (value: number) => (Number.isNaN(value) ? '' : String(value))
/** A number field's value from its text: NaN when empty, so the schema says "Enter …". */
export const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))
