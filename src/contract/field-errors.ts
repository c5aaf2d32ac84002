/**
 * Turns zod issues into the `fields` map of an error answer (first message per path). Without
 * zod on purpose: every form's server-error handling uses it, and the sign-in page must not
 * load zod (decision 016).
 */
export function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '_'
    fields[path] ??= issue.message
  }
  return fields
}
