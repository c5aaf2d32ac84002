/**
 * Starts a download from a signed link (a file, a backup): a click on a temporary link, so
 * the browser saves what the server sends as an attachment and the page stays where it is.
 */
export function startDownload(url: string) {
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.rel = 'noopener'
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
}
