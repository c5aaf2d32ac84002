import { useQuery } from '@tanstack/react-query'
import { LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card, PageHeader } from '@/components/ui/page'
import { settingsQueryOptions } from './club-queries'
import { SettingsForm } from './settings-form'
import { RoomsSection } from './rooms-section'
import { PeriodsSection } from './periods-section'
import { BlackoutsSection } from './blackouts-section'
import { OutboxSection } from './outbox-section'
import { BackupsSection } from './backups-section'

export function SystemSettingsScreen() {
  const settings = useQuery(settingsQueryOptions())
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader title="System settings" description="Every change is checked and applies at once." />
      {settings.isPending ? (
        <Card>
          <LoadingBlock label="Loading settings…" />
        </Card>
      ) : settings.isError ? (
        <QueryErrorBlock error={settings.error} onRetry={() => void settings.refetch()} what="The settings" />
      ) : (
        <SettingsForm initial={settings.data} />
      )}
      <RoomsSection />
      <PeriodsSection />
      <BlackoutsSection />
      <BackupsSection />
      <OutboxSection />
    </div>
  )
}
