/** R7, R8: the premium plans from the route loader, driven by the request machine. */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ApiError } from '#app/api/errors.ts'
import { fetchPlans, PlansLoadError, type PlansResult, plansFailureToast, settledPlans } from '#app/features/premium/plans-result.ts'
import { requestMachine } from '#machines/request.ts'

const LIST = { subscriptions: [{ id: 2, name: 'Week', days: 7, prices: { using: { actual: 2.99, currency: 'USD' } } }], currencies: [], country_group_id: 2 }

function plans(initial: PlansResult, answers: Array<() => Promise<unknown>>) {
  const toasts: unknown[] = []
  let runs = 0
  const machine = requestMachine.provide({
    actors: { run: fromPromise(() => answers[runs++]!()) },
    actions: { reportFailure: (_, p) => void toasts.push(plansFailureToast(p.error)), logError: () => {} },
  })
  const actor = createActor(machine, { input: { settled: settledPlans(initial) } })
  return { actor, toasts, runs: () => runs }
}

describe('R7, R8: the plan list as the loader left it', () => {
  it('a loaded list starts done, with no call and no toast', () => {
    const { actor, toasts, runs } = plans({ ok: true, list: LIST }, [])
    // The server's first render: the snapshot before the actor starts.
    expect(actor.getSnapshot().value).toBe('done')
    actor.start()
    expect([actor.getSnapshot().context.result, toasts, runs()]).toEqual([LIST, [], 0])
  })

  it('a failure with a server message starts failed; its toast is raised once, in the browser (when the actor starts)', () => {
    const { actor, toasts } = plans({ ok: false, status: 503, message: 'Back in a minute.' }, [])
    expect(actor.getSnapshot().value).toBe('failed')
    expect(toasts).toEqual([])
    actor.start()
    expect(toasts).toEqual([{ kind: 'error', text: 'Back in a minute.' }])
  })

  it('a failure without a response: the generic notification; the retry loads the plans', async () => {
    const { actor, toasts, runs } = plans({ ok: false, status: null, message: null }, [async () => LIST])
    actor.start()
    expect(toasts).toEqual([{ kind: 'error', key: 'notifications.errors.other' }])
    actor.send({ type: 'request.retry' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.matches('done'))
    expect([actor.getSnapshot().context.result, runs(), toasts.length]).toEqual([LIST, 1, 1])
  })

  it('a retry that fails again shows its own toast and can be retried once more', async () => {
    const { actor, toasts } = plans({ ok: false, status: null, message: null }, [
      async () => Promise.reject(new PlansLoadError({ ok: false, status: 503, message: 'Still updating.' })),
      async () => LIST,
    ])
    actor.start()
    actor.send({ type: 'request.retry' })
    await waitFor(actor, (s) => s.matches('failed') && toasts.length === 2)
    expect(toasts[1]).toEqual({ kind: 'error', text: 'Still updating.' })
    actor.send({ type: 'request.retry' })
    await waitFor(actor, (s) => s.matches('done'))
  })
})

describe('R8: a plan list fetched in the browser', () => {
  it('answers the list, or fails with the failure (its server message kept)', async () => {
    expect(await fetchPlans({ subscriptions: async () => LIST }, undefined)).toEqual(LIST)
    const error = await fetchPlans(
      {
        subscriptions: async () => {
          throw new ApiError('http', 503, 'x', { message: 'Maintenance' })
        },
      },
      undefined,
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PlansLoadError)
    expect((error as PlansLoadError).failure).toEqual({ ok: false, status: 503, message: 'Maintenance' })
    expect(plansFailureToast(error)).toEqual({ kind: 'error', text: 'Maintenance' })
    expect(plansFailureToast(new Error('anything else'))).toEqual({ kind: 'error', key: 'notifications.errors.other' })
  })
})
