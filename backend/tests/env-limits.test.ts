import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from '../src/env.ts'

describe('backend environment: code attempt limits and trusted proxies', () => {
  it('has defaults: 10 wrong codes per account and address an hour, 30 per account from strangers, 100 per client address in 10 minutes, no trusted proxy', () => {
    expect(parseEnv({ BACKEND_MODE: 'development' })).toMatchObject({
      codeAccountMaxWrong: 10,
      codeAccountWindowSeconds: 3600,
      codeStrangerMaxWrong: 30,
      codeClientMaxWrong: 100,
      codeClientWindowSeconds: 600,
      trustProxy: [],
    })
  })

  it('parses given values', () => {
    expect(
      parseEnv({
        BACKEND_MODE: 'development',
        CODE_ACCOUNT_MAX_WRONG: '5',
        CODE_ACCOUNT_WINDOW_SECONDS: '7200',
        CODE_STRANGER_MAX_WRONG: '40',
        CODE_CLIENT_MAX_WRONG: '300',
        CODE_CLIENT_WINDOW_SECONDS: ' 60 ',
        BACKEND_TRUST_PROXY: 'loopback, 10.0.0.2',
      }),
    ).toMatchObject({
      codeAccountMaxWrong: 5,
      codeAccountWindowSeconds: 7200,
      codeStrangerMaxWrong: 40,
      codeClientMaxWrong: 300,
      codeClientWindowSeconds: 60,
      trustProxy: ['loopback', '10.0.0.2'],
    })
    // An empty value counts as unset.
    expect(parseEnv({ BACKEND_MODE: 'development', CODE_ACCOUNT_MAX_WRONG: '', BACKEND_TRUST_PROXY: '' })).toMatchObject({
      codeAccountMaxWrong: 10,
      trustProxy: [],
    })
  })

  it.each([
    ['CODE_ACCOUNT_MAX_WRONG', '0'],
    ['CODE_ACCOUNT_MAX_WRONG', 'ten'],
    ['CODE_ACCOUNT_MAX_WRONG', '1.5'],
    ['CODE_ACCOUNT_MAX_WRONG', '1001'],
    ['CODE_ACCOUNT_WINDOW_SECONDS', '0'],
    ['CODE_ACCOUNT_WINDOW_SECONDS', '604801'],
    ['CODE_CLIENT_MAX_WRONG', '-1'],
    ['CODE_STRANGER_MAX_WRONG', '0'],
    ['CODE_CLIENT_MAX_WRONG', '100001'],
    ['CODE_CLIENT_WINDOW_SECONDS', '0'],
    ['CODE_CLIENT_WINDOW_SECONDS', 'an hour'],
    ['BACKEND_TRUST_PROXY', 'proxy.internal'],
    ['BACKEND_TRUST_PROXY', '10.0.0.0/8'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => parseEnv({ BACKEND_MODE: 'development', [name]: value })).toThrow(EnvError)
    expect(() => parseEnv({ BACKEND_MODE: 'development', [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}: `))
  })

  it('says which entry of BACKEND_TRUST_PROXY is wrong', () => {
    expect(() => parseEnv({ BACKEND_MODE: 'development', BACKEND_TRUST_PROXY: 'loopback, proxy.internal' })).toThrow(
      'Invalid environment variable BACKEND_TRUST_PROXY: "proxy.internal" is neither an IP address nor loopback',
    )
  })
})
