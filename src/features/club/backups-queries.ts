import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { backupAttemptSchema, backupLinkSchema, backupStatusSchema } from '@/contract/backups'
import { api } from '@/lib/api-client'
import { z } from 'zod'

/** Under the club's root: saving the settings (a new time, backups off) refreshes the card too. */
export const backupKeys = {
  status: ['club', 'backups', 'status'] as const,
  link: ['club', 'backups', 'link'] as const,
}

/** While a backup is being made (here or by the daily job), the card looks again every few seconds. */
export const BACKUP_POLL_MS = 3000

export const backupStatusQueryOptions = () =>
  queryOptions({
    queryKey: backupKeys.status,
    queryFn: async () => backupStatusSchema.parse(await api('/api/backups')),
    refetchInterval: (query) => (query.state.data?.running ? BACKUP_POLL_MS : false),
  })

/** A fresh personal link each time: it names the newest archive of that moment and lasts minutes. */
export const backupLinkQueryOptions = () =>
  queryOptions({
    queryKey: backupKeys.link,
    queryFn: async () => backupLinkSchema.parse(await api('/api/backups/newest/link')),
    staleTime: 0,
    gcTime: 0,
  })

const backUpNowAnswerSchema = z.object({ attempt: backupAttemptSchema, status: backupStatusSchema })

/** "Back up now": answers when the archive is written, with the attempt and the card's new status. */
export function useBackUpNow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => backUpNowAnswerSchema.parse(await api('/api/backups', { method: 'POST' })),
    onSuccess: (answer) => queryClient.setQueryData(backupKeys.status, answer.status),
    // A 409 (another backup running) or a lost answer: the card shows what the server knows now.
    onError: () => queryClient.invalidateQueries({ queryKey: backupKeys.status }),
  })
}
