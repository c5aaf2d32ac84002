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
import { m } from '@/i18n/paraglide/messages.js'

export function SystemSettingsScreen() {
  const settings = useQuery(settingsQueryOptions())
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader title={m.club_system_settings()} description={m.club_system_settings_lead()} />
      {settings.isPending ? (
        <Card>
          <LoadingBlock label={m.club_loading_settings()} />
        </Card>
      ) : settings.isError ? (
        <QueryErrorBlock error={settings.error} onRetry={() => void settings.refetch()} what={m.club_the_settings()} />
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
