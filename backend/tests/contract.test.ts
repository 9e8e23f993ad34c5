import { openPgIsolated, openPglite } from '../src/db.ts'
import { contractSuite } from './contract.ts'

contractSuite('PGlite', () => openPglite('memory://'))

// The same contract against a PostgreSQL server, only when one is configured.
// Without DATABASE_URL this suite is not registered at all (it is not a skip).
const databaseUrl = process.env.DATABASE_URL
if (databaseUrl) contractSuite('PostgreSQL', () => openPgIsolated(databaseUrl))
