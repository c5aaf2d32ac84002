import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { buildFile, buildFolder, createFilesApi } from '../../mocks/handlers/files'
import { buildApiError, buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const member = buildUser({ displayName: 'Hayato Shimizu' })
const executive = buildUser({ displayName: 'Emi Kobayashi', isExecutive: true })

function setup() {
  const scores = buildFolder('Scores')
  const summer = buildFolder('Summer live', scores.id)
  const rules = buildFile({ name: 'Club rules.pdf', description: 'Agreed in April' })
  const poster = buildFile({ name: 'Poster.png', type: 'image/png', size: 2_400_000 })
  const recording = buildFile({ name: 'Rehearsal.m4a', type: 'audio/x-m4a', versions: 2 })
  const score = buildFile({ name: 'Setlist.pdf', folderId: summer.id, folderName: 'Summer live' })
  const api = createFilesApi({ files: [rules, poster, recording, score], folders: [scores, summer] })
  server.use(...api.handlers)
  return { api, scores, summer, rules, poster, recording, score }
}

describe('/files', () => {
  it('shows a member the files and folders at the top, with no executive tools', async () => {
    setup()
    renderApp('/files', { user: member })
    const list = await screen.findByRole('list', { name: 'Files' })
    expect(within(list).getByRole('button', { name: 'Club rules.pdf' })).toBeInTheDocument()
    expect(within(list).getByText(/Image · 2\.3 MB/)).toBeInTheDocument()
    expect(within(list).getByText(/2 earlier versions/)).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Folders' })).toHaveTextContent('Scores')
    expect(screen.queryByRole('button', { name: 'New folder' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Edit or move/ })).not.toBeInTheDocument()
    expect(screen.queryByText('Upload files')).not.toBeInTheDocument()
  })

  it('opens folders by the path, and searches every folder by name and description', async () => {
    const { api } = setup()
    const { user } = renderApp('/files', { user: member })
    await user.click(await screen.findByRole('button', { name: 'Scores' }))
    await user.click(await screen.findByRole('button', { name: 'Summer live' }))
    expect(await screen.findByRole('button', { name: 'Setlist.pdf' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Folder path' })).toHaveTextContent('All filesScoresSummer live')
    expect(screen.getByRole('button', { name: 'Summer live' })).toHaveAttribute('aria-current', 'page')
    await user.type(screen.getByLabelText('Search all files'), 'april')
    await waitFor(() => expect(api.state.requests.at(-1)?.searchParams.get('q')).toBe('april'))
    expect(await screen.findByRole('button', { name: 'Club rules.pdf' })).toBeInTheDocument()
    expect(screen.getByText(/in All files/)).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Search all files'))
    await user.type(screen.getByLabelText('Search all files'), 'nothing like it')
    expect(await screen.findByText('No files match')).toBeInTheDocument()
  })

  it('sorts on the server', async () => {
    const { api } = setup()
    const { user } = renderApp('/files', { user: member })
    await screen.findByRole('list', { name: 'Files' })
    await user.selectOptions(screen.getByLabelText('Sort'), 'Largest first')
    await waitFor(() => expect(api.state.requests.at(-1)?.searchParams.get('sort')).toBe('largest'))
  })

  it('previews an image, a PDF and a recording from personal links', async () => {
    setup()
    const { user } = renderApp('/files', { user: member })
    await user.click(await screen.findByRole('button', { name: 'Poster.png' }))
    const image = await within(await screen.findByRole('dialog')).findByRole('img', { name: 'Poster.png' })
    expect(image.getAttribute('src')).toMatch(/^\/api\/files\/[0-9a-f-]+\/content\?token=/)
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Club rules.pdf' }))
    expect(await screen.findByTitle('Club rules.pdf (PDF)')).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toHaveTextContent('Agreed in April')
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Rehearsal.m4a' }))
    const audio = await screen.findByLabelText('Play Rehearsal.m4a')
    expect(audio.tagName).toBe('AUDIO')
    expect(audio).toHaveAttribute('preload', 'metadata')
  })

  it('says offline that downloading needs a connection instead of preparing for ever', async () => {
    setup()
    const { user } = renderApp('/files', { user: member })
    const download = await screen.findByRole('button', { name: 'Download Club rules.pdf' })
    act(() => onlineManager.setOnline(false))
    try {
      await user.click(download)
      expect(await screen.findByText('Downloading needs a connection. Try again when you are back online.')).toBeInTheDocument()
      expect(download).not.toHaveTextContent('Preparing…')
      expect(download).toBeEnabled()
    } finally {
      act(() => onlineManager.setOnline(true))
    }
  })

  it('closes the preview with its close button', async () => {
    setup()
    const { user } = renderApp('/files', { user: member })
    await user.click(await screen.findByRole('button', { name: 'Club rules.pdf' }))
    const dialog = await screen.findByRole('dialog', { name: 'Club rules.pdf' })
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('says so when the folder is empty, and when the list cannot be loaded', async () => {
    server.use(...createFilesApi().handlers)
    renderApp('/files', { user: member })
    expect(await screen.findByText('No files yet')).toBeInTheDocument()
    expect(screen.getByText('Files the executives share appear here.')).toBeInTheDocument()
  })

  it('shows the error of a failed list with a way to try again', async () => {
    server.use(http.get('/api/files/folders', () => HttpResponse.json({ items: [] })), http.get('/api/files', () => HttpResponse.json(buildApiError('RATE_LIMITED', 'Too many requests.'), { status: 429 })))
    renderApp('/files', { user: member })
    expect(await screen.findByRole('button', { name: /Try again/ })).toBeInTheDocument()
  })
})

describe('/files for executives', () => {
  it('moves a file to another folder and changes who sees it', async () => {
    const { api, rules, summer } = setup()
    const { user } = renderApp('/files', { user: executive })
    await user.click(await screen.findByRole('button', { name: 'Edit or move Club rules.pdf' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Club rules.pdf' })
    await user.selectOptions(within(dialog).getByLabelText('Folder'), 'Scores / Summer live')
    await user.selectOptions(within(dialog).getByLabelText('Who can see it'), 'Executives only')
    await user.click(within(dialog).getByRole('button', { name: 'Save file' }))
    await waitFor(() =>
      expect(api.state.patches).toEqual([{ fileId: rules.id, body: { name: 'Club rules.pdf', description: 'Agreed in April', visibility: 'executives', folderId: summer.id } }]),
    )
    expect(await screen.findByText('File saved.')).toBeInTheDocument()
  })

  it('shows the server’s answer under the name when it is taken', async () => {
    const { api } = setup()
    api.state.nextError = { status: 409, code: 'FILE_NAME_TAKEN', message: 'A file with this name is already there.', fields: { name: 'A file with this name is already there' } }
    const { user } = renderApp('/files', { user: executive })
    await user.click(await screen.findByRole('button', { name: 'Edit or move Club rules.pdf' }))
    const dialog = await screen.findByRole('dialog')
    await user.clear(within(dialog).getByLabelText('Name'))
    await user.type(within(dialog).getByLabelText('Name'), 'Poster.png')
    await user.click(within(dialog).getByRole('button', { name: 'Save file' }))
    expect(await within(dialog).findByText('A file with this name is already there')).toBeInTheDocument()
  })

  it('moves a file to the trash after asking', async () => {
    const { api, poster } = setup()
    const { user } = renderApp('/files', { user: executive })
    await user.click(await screen.findByRole('button', { name: 'Delete Poster.png' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete Poster.png?' })
    expect(dialog).toHaveTextContent('Executives can bring it back for 30 days')
    await user.click(within(dialog).getByRole('button', { name: 'Move to trash' }))
    await waitFor(() => expect(api.state.deleted).toEqual([poster.id]))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Poster.png' })).not.toBeInTheDocument())
  })

  it('creates a folder inside the open one', async () => {
    const { api, scores } = setup()
    const { user } = renderApp(`/files?folder=${scores.id}`, { user: executive })
    await user.click(await screen.findByRole('button', { name: 'New folder' }))
    const dialog = await screen.findByRole('dialog', { name: 'New folder' })
    await user.type(within(dialog).getByLabelText('Folder name'), 'Winter live')
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }))
    await waitFor(() => expect(api.state.createdFolders).toEqual([{ name: 'Winter live', parentId: scores.id }]))
  })

  it('lists the trash and brings a file back', async () => {
    const old = buildFile({ name: 'Old minutes.txt', type: 'text/plain', deletedAt: '2026-05-03T00:00:00.000Z' })
    const api = createFilesApi({ files: [old] })
    server.use(...api.handlers)
    const { user } = renderApp('/files?view=trash', { user: executive })
    const trash = await screen.findByRole('list', { name: 'Deleted files' })
    expect(trash).toHaveTextContent('Old minutes.txt')
    expect(screen.getByText(/stay here for 30 days/)).toBeInTheDocument()
    await user.click(within(trash).getByRole('button', { name: 'Restore Old minutes.txt' }))
    await waitFor(() => expect(api.state.restored).toEqual([old.id]))
    expect(await screen.findByText('The trash is empty')).toBeInTheDocument()
  })

  it('says why a folder that is not empty stays', async () => {
    const { api } = setup()
    api.state.nextError = { status: 409, code: 'FOLDER_NOT_EMPTY', message: 'Only an empty folder can be deleted: move or delete what is in it first.' }
    const { user } = renderApp('/files', { user: executive })
    await user.click(await screen.findByRole('button', { name: 'Delete the folder Scores' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete the folder Scores?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete folder' }))
    expect(await within(dialog).findByText(/move or delete what is in it first/)).toBeInTheDocument()
  })

  it('uploads a chosen file, asks on a name clash and keeps both', async () => {
    const { api } = setup()
    api.state.clashOnce = true
    const { user } = renderApp('/files', { user: executive })
    await screen.findByRole('list', { name: 'Files' })
    const file = new File(['minutes of the meeting'], 'Club rules.pdf', { type: 'application/pdf' })
    await user.upload(screen.getByLabelText('Files to upload'), file)
    const row = await screen.findByRole('listitem', { name: 'Upload of Club rules.pdf' })
    expect(await within(row).findByText('A file with this name is already here')).toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: 'Keep both' }))
    expect(await within(row).findByText('Uploaded', { exact: true }, { timeout: 5000 })).toBeInTheDocument()
    expect(within(row).getByText(/22 bytes of 22 bytes \(100%\)/)).toBeInTheDocument()
    expect(api.state.uploads.map((metadata) => [metadata.filename, metadata.onClash, metadata.visibility])).toEqual([
      ['Club rules.pdf', 'ask', 'members'],
      ['Club rules.pdf', 'keepBoth', 'members'],
    ])
  })
})
