import { describe, expect, it } from 'vitest'
import { expiredSessionCookies } from '#app/core/auth-storage.ts'
import { cookieNames, cookieString, expiredCookies, hasCookie, readCookie, setCookieString } from '#app/core/cookies.ts'
import { clearFlashCookie, flashCookie } from '#app/core/flash.ts'

describe('R9: the cookies the site writes, as it has always written them', () => {
  it.each([
    [setCookieString('utm', 'a b;c', 60, false), 'utm=a%20b%3Bc; Max-Age=60; Path=/; SameSite=Lax'],
    [setCookieString('utm', 'x', 60, true), 'utm=x; Max-Age=60; Path=/; SameSite=None; Secure'],
    [cookieString('openid_state', 'abc_-9', { maxAgeSeconds: 600, httpOnly: true }, false), 'openid_state=abc_-9; Max-Age=600; HttpOnly; Path=/; SameSite=Lax'],
    [
      cookieString('auth._token.local', 'Bearer t', { expiresAt: Date.UTC(2030, 0, 2, 3, 4, 5) }, true),
      'auth._token.local=Bearer%20t; Expires=Wed, 02 Jan 2030 03:04:05 GMT; Path=/; SameSite=None; Secure',
    ],
    [flashCookie({ form: 'f', error: 'x' }), 'form_flash=%7B%22form%22%3A%22f%22%2C%22error%22%3A%22x%22%7D; Max-Age=60; HttpOnly; Path=/; SameSite=Lax'],
    [clearFlashCookie(true), 'form_flash=; Max-Age=0; HttpOnly; Path=/; SameSite=None; Secure'],
    [expiredSessionCookies()[0], 'auth._token.local=; Max-Age=0; Path=/; SameSite=Lax'],
  ])('%s', (written, expected) => {
    expect(written).toBe(expected)
  })
})

describe('R9: the cookies the site reads', () => {
  const header = ' a=1;  utm=a%20b%3Bc ; bad=%E0%A4%A; a=2; empty=; flag'
  it('the first of a name, decoded, a malformed escape kept as sent', () => {
    expect(readCookie(header, 'a')).toBe('1')
    expect(readCookie(header, 'utm')).toBe('a b;c')
    expect(readCookie(header, 'bad')).toBe('%E0%A4%A')
    expect(readCookie(header, 'empty')).toBe('')
    expect(readCookie(header, 'missing')).toBeNull()
    expect(readCookie(null, 'a')).toBeNull()
  })
  it('whether a name is there, whatever its value', () => {
    expect(hasCookie(header, 'empty')).toBe(true)
    expect(hasCookie(header, 'missing')).toBe(false)
  })
  it('expires on the host and its parents even a name cookie-es would refuse', () => {
    expect(expiredCookies('_ga_a b', 'example.com')).toEqual(['_ga_a b=; Max-Age=0; Path=/', '_ga_a b=; Max-Age=0; Path=/; Domain=.example.com'])
  })
  it('the names, each once', () => {
    expect(cookieNames(header)).toEqual(['a', 'utm', 'bad', 'empty'])
    expect(cookieNames('')).toEqual([])
  })
})
