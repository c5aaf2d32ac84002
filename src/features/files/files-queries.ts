import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  fileDetailSchema,
  fileLinkSchema,
  filePageSchema,
  fileSchema,
  folderListSchema,
  folderSchema,
  type FileListQuery,
  type FilePatch,
  type FolderInput,
} from '@/contract/files'
import { api } from '@/lib/api-client'
import { compactQuery } from '@/lib/compact-query'
import { keepPreviousWhileOnline } from '@/lib/query-client'

/** Keys are rooted at `files`; every change invalidates the whole area. */
export const filesKeys = {
  all: ['files'] as const,
  folders: ['files', 'folders'] as const,
  list: (query: FileListQuery) => ['files', 'list', query] as const,
  trash: (page: number) => ['files', 'trash', page] as const,
  detail: (fileId: string) => ['files', 'detail', fileId] as const,
  link: (fileId: string, download: boolean) => ['files', 'link', fileId, download] as const,
}

export const foldersQueryOptions = () =>
  queryOptions({
    queryKey: filesKeys.folders,
    queryFn: async () => folderListSchema.parse(await api('/api/files/folders')).items,
  })

export const fileListQueryOptions = (query: FileListQuery) =>
  queryOptions({
    queryKey: filesKeys.list(query),
    queryFn: async () => filePageSchema.parse(await api('/api/files', { query: compactQuery(query) })),
    placeholderData: keepPreviousWhileOnline,
  })

export const trashQueryOptions = (page: number) =>
  queryOptions({
    queryKey: filesKeys.trash(page),
    queryFn: async () => filePageSchema.parse(await api('/api/files/trash', { query: { page, pageSize: 25 } })),
  })

export const fileDetailQueryOptions = (fileId: string) =>
  queryOptions({
    queryKey: filesKeys.detail(fileId),
    queryFn: async () => fileDetailSchema.parse(await api(`/api/files/${fileId}`)),
  })

/** A personal link to a file's bytes (the server's is good for hours; asked again after one). */
export const fileLinkQueryOptions = (fileId: string, download = false) =>
  queryOptions({
    queryKey: filesKeys.link(fileId, download),
    queryFn: async () => fileLinkSchema.parse(await api(`/api/files/${fileId}/link`, { query: download ? { download: '1' } : {} })),
    staleTime: 60 * 60 * 1000,
    gcTime: 60 * 60 * 1000,
  })

function useFilesMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: filesKeys.all }),
  })
}

export const useCreateFolder = () => useFilesMutation(async (input: FolderInput) => folderSchema.parse(await api('/api/files/folders', { method: 'POST', body: input })))
export const useUpdateFolder = () =>
  useFilesMutation(async ({ folderId, patch }: { folderId: string; patch: { name?: string; parentId?: string | null } }) =>
    folderSchema.parse(await api(`/api/files/folders/${folderId}`, { method: 'PATCH', body: patch })),
  )
export const useDeleteFolder = () => useFilesMutation(async (folderId: string) => api(`/api/files/folders/${folderId}`, { method: 'DELETE' }))
export const useUpdateFile = () =>
  useFilesMutation(async ({ fileId, patch }: { fileId: string; patch: FilePatch }) => fileSchema.parse(await api(`/api/files/${fileId}`, { method: 'PATCH', body: patch })))
export const useTrashFile = () => useFilesMutation(async (fileId: string) => api(`/api/files/${fileId}`, { method: 'DELETE' }))
export const useRestoreFile = () => useFilesMutation(async (fileId: string) => fileSchema.parse(await api(`/api/files/${fileId}/restore`, { method: 'POST' })))
