import { useMachine } from '@xstate/react'
import { useEffect, useState } from 'react'
import { fromPromise } from 'xstate'
import { requestMachine } from '#machines/request'
import { useMachineInspect } from '~/lib/machine-inspect'

/**
 * A one-off page call through the request machine, started after hydration so the server and
 * the first browser render agree (spec 4, 7).
 */
export function usePageRequest<T>(run: () => Promise<T>, onSuccess?: (result: T) => void) {
  const [logic] = useState(() =>
    requestMachine.provide({
      actors: { run: fromPromise<unknown, void>(() => run()) },
      actions: {
        succeeded: (_, result) => onSuccess?.(result as T),
        logError: (_, params) => console.error('request:', params.error),
      },
    }),
  )
  const [state, send] = useMachine(logic, { inspect: useMachineInspect() })
  useEffect(() => {
    send({ type: 'request.start' })
  }, [send])
  return {
    loading: state.matches('idle') || state.matches('loading'),
    done: state.matches('done'),
    failed: state.matches('failed'),
    result: state.context.result as T | null,
    error: state.context.error,
    retry: () => send({ type: 'request.retry' }),
  }
}
