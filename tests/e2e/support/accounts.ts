export const E2E_ADMIN = { email: 'admin@e2e.example.ac.jp', password: 'admin password for e2e', displayName: 'Administrator' }
export const E2E_MEMBER = { email: 'haruka@e2e.example.ac.jp', password: 'member password for e2e', displayName: 'Haruka Sato' }
