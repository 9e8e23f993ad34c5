import { openPgIsolated, openPglite } from '../src/db'
import { contractSuite } from './contract'

contractSuite('PGlite', () => openPglite('memory://'))

// The same contract against a PostgreSQL server, only when one is configured.
// Without DATABASE_URL this suite is not registered at all (it is not a skip).
const databaseUrl = process.env.DATABASE_URL
if (databaseUrl) contractSuite('PostgreSQL', () => openPgIsolated(databaseUrl))
