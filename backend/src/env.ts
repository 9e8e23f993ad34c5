import { type } from 'arktype'

/** Environment of the backend process, parsed once at start. */
export interface BackendEnv {
  port: number
  host: string
  databaseUrl: string | null
  dataDir: string
  mode: 'development' | 'production'
  siteUrl: string
  siteOrigins: string[]
  tokenTtlSeconds: number
}

export class EnvError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid environment variable ${variable}: ${detail}`)
    this.name = 'EnvError'
  }
}

const port = type('string.integer.parse').pipe(type('1 <= number.integer <= 65535'))
const host = type(/^[A-Za-z0-9.:[\]-]{1,253}$/)
const databaseUrl = type(/^postgres(ql)?:\/\/\S+$/)
const dataDir = type('0 < string <= 4096')
const mode = type("'development' | 'production'")
const httpUrl = type('string.url').narrow((s, ctx) => /^https?:\/\/[^/]/i.test(s) || ctx.mustBe('an http(s) URL'))
const ttl = type('string.integer.parse').pipe(type('60 <= number.integer <= 31536000'))

/** One schema per variable, so an error always names the variable it came from. */
const schemas = {
  BACKEND_PORT: port,
  BACKEND_HOST: host,
  DATABASE_URL: databaseUrl,
  BACKEND_DATA_DIR: dataDir,
  BACKEND_MODE: mode,
  SITE_URL: httpUrl,
  SITE_ORIGINS: type('string'),
  TOKEN_TTL_SECONDS: ttl,
} as const

type VarName = keyof typeof schemas

function read<K extends VarName>(source: Record<string, string | undefined>, name: K) {
  const raw = source[name]
  if (raw === undefined || raw.trim() === '') return undefined
  const out = schemas[name](raw.trim())
  if (out instanceof type.errors) throw new EnvError(name, out.summary)
  return out as Exclude<ReturnType<(typeof schemas)[K]>, InstanceType<typeof type.errors>>
}

function parseOrigins(raw: string | undefined): string[] {
  if (raw === undefined) return ['http://localhost:3000', 'http://127.0.0.1:3000']
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (list.length === 0) throw new EnvError('SITE_ORIGINS', 'must list at least one origin')
  return list.map((item) => {
    let url: URL
    try {
      url = new URL(item)
    } catch {
      throw new EnvError('SITE_ORIGINS', `"${item}" is not an origin`)
    }
    if (!/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, ''))
      throw new EnvError('SITE_ORIGINS', `"${item}" must be a bare http(s) origin such as http://localhost:3000`)
    return url.origin
  })
}

/** Parses the backend's environment; throws EnvError naming the first bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): BackendEnv {
  const siteUrl = read(source, 'SITE_URL')
  return {
    port: read(source, 'BACKEND_PORT') ?? 3001,
    host: read(source, 'BACKEND_HOST') ?? '127.0.0.1',
    databaseUrl: read(source, 'DATABASE_URL') ?? null,
    dataDir: read(source, 'BACKEND_DATA_DIR') ?? '.data/backend',
    mode: read(source, 'BACKEND_MODE') ?? 'production',
    siteUrl: (siteUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
    siteOrigins: parseOrigins(source.SITE_ORIGINS),
    tokenTtlSeconds: read(source, 'TOKEN_TTL_SECONDS') ?? 2592000,
  }
}
