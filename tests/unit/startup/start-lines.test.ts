import { describe, expect, it } from 'vitest'
import { startLines } from '../../../scripts/check-config.mjs'

const STAND_IN = { store: 'PGlite in .data/backend', mailbox: 'http://127.0.0.1:3001/__dev/mail', mode: 'development' }

describe('R10.1: what `npm start` says of the backend it runs', () => {
  it('the stand-in in development mode: its dev mailbox, its sandboxes, and that it is a demo never for real money', () => {
    const lines = startLines({ dev: false, siteLine: 'http://localhost:3000', mirror: 'http://mirror.localhost:3000', backendPort: 3001, standIn: STAND_IN })
    expect(lines).toEqual([
      'Skinvault is running:',
      '  site         http://localhost:3000',
      '  mirror       http://mirror.localhost:3000',
      '  backend      http://localhost:3001 (stand-in, PGlite in .data/backend, development mode)',
      '  dev mailbox  http://localhost:3001/__dev/mail (sign-in codes and every e-mail sent)',
      "  sandboxes    card payments and Steam sign-in are the backend's stand-ins: no money moves; card 4242 4242 4242 4242 is approved",
      '  ! The backend runs in development mode: sandbox payments, sandbox Steam and an open dev mailbox that shows',
      '    every sign-in code to anyone who can reach it. A demo on this machine only, never for real money or the internet.',
      'Ctrl+C stops everything.',
    ])
  })

  it('the stand-in in production mode names its mode and no mailbox or sandbox', () => {
    const lines = startLines({
      dev: false,
      siteLine: 'http://localhost:3000 (2 workers)',
      mirror: 'http://mirror.localhost:3000',
      backendPort: 3001,
      standIn: { store: 'PostgreSQL server', mailbox: null, mode: 'production' },
    })
    expect(lines).toEqual([
      'Skinvault is running:',
      '  site         http://localhost:3000 (2 workers)',
      '  mirror       http://mirror.localhost:3000',
      '  backend      http://localhost:3001 (stand-in, PostgreSQL server, production mode)',
      'Ctrl+C stops everything.',
    ])
  })

  it('a configured backend is named as it is', () => {
    expect(
      startLines({
        dev: true,
        siteLine: 'http://localhost:3000',
        mirror: 'https://m.example',
        backendPort: 3001,
        standIn: null,
        apiBase: 'https://api.example',
      }),
    ).toEqual([
      'Skinvault is running (development server):',
      '  site         http://localhost:3000',
      '  mirror       https://m.example',
      '  backend      https://api.example',
      'Ctrl+C stops everything.',
    ])
  })
})
