/**
 * Accounts the e2e global setup creates. Each area's e2e file uses its own accounts, so files
 * never depend on what another file changed.
 */
export interface SeedAccount {
  email: string
  password: string
  displayName: string
  enrollmentYear?: number
  status?: 'pending' | 'active' | 'suspended'
}

export const E2E_ADMIN = { email: 'admin@e2e.example.ac.jp', password: 'admin password for e2e', displayName: 'Administrator' }
export const E2E_MEMBER: SeedAccount = { email: 'haruka@e2e.example.ac.jp', password: 'member password for e2e', displayName: 'Haruka Sato' }

const seed = (key: string, displayName: string, extra: Partial<SeedAccount> = {}): SeedAccount => ({
  email: `${key}@e2e.example.ac.jp`,
  password: `password of ${key} for e2e`,
  displayName,
  ...extra,
})

/** Per-area accounts: accounts (profile, reset), user admin, club admin, people, bands, bookings, lives, timetables, room allocation. */
export const E2E_USERS = {
  resetter: seed('resetter', 'Riku Mori'),
  profileOwner: seed('profile-owner', 'Mei Ito'),
  pendingApplicant: seed('pending-applicant', 'Sora Kato', { status: 'pending' }),
  editable: seed('editable', 'Yuto Abe', { enrollmentYear: 2024 }),
  graduateA: seed('graduate-a', 'Kenji Ueda', { enrollmentYear: 2019 }),
  graduateB: seed('graduate-b', 'Nao Fujita', { enrollmentYear: 2018 }),
  executiveCandidate: seed('executive-candidate', 'Aoi Tanaka', { enrollmentYear: 2024 }),
  introWriter: seed('intro-writer', 'Hina Yamada', { enrollmentYear: 2025 }),
  introReader: seed('intro-reader', 'Ren Suzuki', { enrollmentYear: 2023 }),
  bandFounder: seed('band-founder', 'Daiki Ogawa', { enrollmentYear: 2024 }),
  bandmateA: seed('bandmate-a', 'Saki Hayashi', { enrollmentYear: 2025 }),
  bandmateB: seed('bandmate-b', 'Takumi Ikeda', { enrollmentYear: 2023 }),
  bandOutsider: seed('band-outsider', 'Miyu Okada', { enrollmentYear: 2024 }),
  liveManager: seed('live-manager', 'Shota Goto', { enrollmentYear: 2023 }),
  bookerLeader: seed('booker-leader', 'Kaito Nakamura', { enrollmentYear: 2024 }),
  bookerBandmate: seed('booker-bandmate', 'Yui Kimura', { enrollmentYear: 2025 }),
  liveApplicant: seed('live-applicant', 'Kenta Mori', { enrollmentYear: 2024 }),
  // A Japanese name: the participants' CSV must keep it intact in Excel (UTF-8 with BOM).
  liveBandmate: seed('live-bandmate', '山田 花子', { enrollmentYear: 2026 }),
  // Timetable: two bands share a drummer, a third band is on its own.
  timetableLeaderA: seed('timetable-leader-a', 'Sota Hirano', { enrollmentYear: 2024 }),
  timetableLeaderB: seed('timetable-leader-b', 'Rina Kudo', { enrollmentYear: 2025 }),
  timetableLeaderC: seed('timetable-leader-c', 'Koji Arai', { enrollmentYear: 2023 }),
  timetableDrummer: seed('timetable-drummer', 'Mao Endo', { enrollmentYear: 2025 }),
  // Keep improving: two bands of their own.
  improveLeaderA: seed('improve-leader-a', 'Kana Shibata', { enrollmentYear: 2024 }),
  improveLeaderB: seed('improve-leader-b', 'Yota Maeda', { enrollmentYear: 2025 }),
  // First contact and offline screens.
  offlineMember: seed('offline-member', 'Chiaki Morita', { enrollmentYear: 2024 }),
  offlineBandmate: seed('offline-bandmate', 'Ryo Sakamoto', { enrollmentYear: 2025 }),
  // Layout: a band whose members filled in long university details.
  layoutLeader: seed('layout-leader', 'Haruto Nishimura', { enrollmentYear: 2023 }),
  layoutBandmate: seed('layout-bandmate', 'Akari Matsumoto', { enrollmentYear: 2025 }),
  // Layout: an executive, whose phone menu is longer than a member's.
  layoutExecutive: seed('layout-executive', 'Yuna Fujii', { enrollmentYear: 2023 }),
  // Feedback: a member writes anonymously to a band; an executive (not an admin) replies.
  feedbackWriter: seed('feedback-writer', 'Emi Kondo', { enrollmentYear: 2024 }),
  feedbackPlayer: seed('feedback-player', 'Jun Ota', { enrollmentYear: 2025 }),
  feedbackExecutive: seed('feedback-executive', 'Nana Shimizu', { enrollmentYear: 2023 }),
  // Room allocation: three bands' leaders and an executive who runs the round.
  allocationLeaderA: seed('allocation-leader-a', 'Nanami Ishii', { enrollmentYear: 2024 }),
  allocationLeaderB: seed('allocation-leader-b', 'Haru Ono', { enrollmentYear: 2025 }),
  allocationLeaderC: seed('allocation-leader-c', 'Jun Takeda', { enrollmentYear: 2023 }),
  allocationExecutive: seed('allocation-executive', 'Kazuki Shimizu', { enrollmentYear: 2023 }),
  // Notices and calendar feeds.
  noticeLeader: seed('notice-leader', 'Nanami Kobayashi', { enrollmentYear: 2024 }),
  feedOwner: seed('feed-owner', 'Itsuki Shimizu', { enrollmentYear: 2025 }),
  // Files: an executive who uploads, a member who previews and downloads.
  filesLibrarian: seed('files-librarian', 'Emi Kobayashi', { enrollmentYear: 2023 }),
  filesReader: seed('files-reader', 'Hayato Shimizu', { enrollmentYear: 2025 }),
  // Dashboards: a member with a band, a booking and a live to apply to; a new member with nothing; an executive.
  dashboardMember: seed('dashboard-member', 'Asuka Hoshino', { enrollmentYear: 2024 }),
  dashboardBandmate: seed('dashboard-bandmate', 'Kei Noguchi', { enrollmentYear: 2025 }),
  dashboardNewcomer: seed('dashboard-newcomer', 'Sana Kubo', { enrollmentYear: 2026 }),
  dashboardExecutive: seed('dashboard-executive', 'Gen Miura', { enrollmentYear: 2023 }),
  // Dates: a band leader whose notices, feedback, bookings and band history carry the moments compared.
  datesMember: seed('dates-member', 'Rin Matsuda', { enrollmentYear: 2024 }),
} satisfies Record<string, SeedAccount>
