import { createFileRoute } from '@tanstack/react-router'
import { filesUrlSearchSchema } from '@/features/files/file-search'
import { FilesScreen } from '@/features/files/files-screen'

export const Route = createFileRoute('/_authenticated/files')({
  validateSearch: filesUrlSearchSchema,
  component: FilesScreen,
})
