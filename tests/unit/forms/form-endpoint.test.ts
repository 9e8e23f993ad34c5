/** Decision 063: the endpoint reads the post, refuses another site's, and answers with the handler it is given. */
import { describe, expect, it } from 'vitest'
import type { FormHandlers, Posted } from '#app/core/form-answer.server.ts'
import { answerForm } from '#app/forms/form.server.ts'

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request('https://skins.test/forms/probe', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  })

describe('the endpoint of the forms without JavaScript', () => {
  it('hands the post to its handler and answers 303 with the cookies and the flash', async () => {
    let seen: Posted | null = null
    const handlers: FormHandlers = {
      probe: async (posted) => {
        seen = posted
        return { to: '/de/login', cookies: ['a=1; Path=/'], flash: { form: 'probe', error: 'Nein.' } }
      },
    }
    const response = await answerForm(form({ locale: 'de', name: 'x'.repeat(2100) }, { cookie: 'c=2', origin: 'https://skins.test' }), 'probe', handlers)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/de/login')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.getSetCookie()).toEqual([
      'a=1; Path=/',
      'form_flash=%7B%22form%22%3A%22probe%22%2C%22error%22%3A%22Nein.%22%7D; Max-Age=60; HttpOnly; Path=/; SameSite=Lax',
    ])
    expect(seen).toMatchObject({ locale: 'de', origin: 'https://skins.test', cookieHeader: 'c=2', values: { locale: 'de', name: 'x'.repeat(2000) } })
  })

  it('a form it was not given: 404; a post from another site: its handler never runs, and the visitor lands on the home page in the form’s language (decision 121)', async () => {
    let ran = 0
    const handlers: FormHandlers = {
      probe: async () => {
        ran++
        return { to: '/' }
      },
    }
    expect((await answerForm(form({}), 'logout', handlers)).status).toBe(404)
    const foreign = await answerForm(form({ locale: 'de' }, { origin: 'https://evil.test' }), 'probe', handlers)
    expect([foreign.status, foreign.headers.get('location'), ran]).toEqual([303, '/de', 0])
    expect(decodeURIComponent(foreign.headers.get('set-cookie') ?? '')).toContain(
      'Dieses Formular wurde von einer anderen Website gesendet, daher ist nichts geschehen.',
    )
  })
})
