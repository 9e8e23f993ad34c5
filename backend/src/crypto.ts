import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto'

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** 32 random bytes, base64url: 43 characters. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export function referralCode(): string {
  let out = ''
  for (let i = 0; i < 8; i++) out += REFERRAL_ALPHABET[randomInt(0, REFERRAL_ALPHABET.length)]
  return out
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

function scryptAsync(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, 32, { N: 16384, r: 8, p: 1 }, (err, key) => (err ? reject(err) : resolve(key))))
}

/** `scrypt$<salt>$<key>`, both base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt)
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function checkPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * A hash of a random password no one knows, made once per process with the same parameters as every
 * stored hash. Checking a password against it costs what checking a real one costs.
 */
let dummyHash: Promise<string> | null = null

/**
 * Checks a password against a stored hash; without one (no account, or no password set) it checks
 * against the dummy hash instead and answers false. Either way one scrypt runs, so the time of the
 * answer does not tell whether an address has an account with a password.
 */
export async function checkPasswordOrDummy(password: string, stored: string | null): Promise<boolean> {
  dummyHash ??= hashPassword(randomToken(32))
  const matches = await checkPassword(password, stored ?? (await dummyHash))
  return stored !== null && matches
}
