import { createContext, useContext, useEffect, useRef, useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { fromPromise, waitFor } from 'xstate'
import { paymentMachine, persistablePremiumState, type CreatePaymentInput, type OfferedPlan, type PremiumState } from '#machines/payment'
import type { PaymentOptions } from '#machines/rules/payment'
import { isLoggedIn } from '#machines/auth'
import { cloudpaymentsPublicIdForHost, type Locale } from '../../../app.constants'
import { AuthActor } from '~/components/auth-provider'
import { useApi } from '~/api/use-api'
import { useSite } from '~/lib/use-site'
import { notify } from '~/lib/toast'
import { pushCartChange, pushPurchase } from '~/integrations/data-layer'
import { createLoadWidgetScript, createRunWidget, type WidgetScope } from '~/integrations/payments'
import { readPremiumState, sessionStorageOrNull, writePremiumState } from '~/lib/premium/persist'
import { paymentToast } from '~/lib/premium/payment-toast'
import { useMachineInspect } from '~/lib/machine-inspect'

const USER_REFRESH_TIMEOUT_MS = 15_000

type PaymentActors = NonNullable<Parameters<typeof paymentMachine.provide>[0]['actors']>

/**
 * Replacement provider actors for the payment machine. The site never sets it; stories give
 * fakes here so that every payment state shows without a backend or a widget script.
 */
export const PaymentActorsOverride = createContext<Partial<PaymentActors> | null>(null)

/**
 * The payment machine with the site's side effects (spec 4, 7): the stored premium state, the
 * backend call, the provider's script and widget, the auth machine's user refresh, toasts,
 * analytics and navigation. The premium state is kept in sessionStorage once it has been read.
 * `onFocusPayment` is called when the machine says the payment panel is next.
 */
export function usePayment({ locale, offered, onFocusPayment }: { locale: Locale; offered: readonly OfferedPlan[]; onFocusPayment: () => void }) {
  const site = useSite()
  const auth = AuthActor.useActorRef()
  const loggedIn = AuthActor.useSelector(isLoggedIn)
  const api = useApi()
  const router = useRouter()
  const live = useRef({ api, router, auth, onFocusPayment })
  live.current = { api, router, auth, onFocusPayment }
  const payment = site.config.payment
  const override = useContext(PaymentActorsOverride)

  const [logic] = useState(() =>
    paymentMachine.provide({
      actors: {
        readStoredState: fromPromise<PremiumState | null, void>(() => readPremiumState(sessionStorageOrNull())),
        createPayment: fromPromise<PaymentOptions, CreatePaymentInput>(({ input }) =>
          live.current.api.createPayment({ subscription_id: input.subscriptionId, service: payment.service }),
        ),
        loadWidgetScript: createLoadWidgetScript(payment),
        runWidget: createRunWidget(() => window as unknown as WidgetScope),
        refreshUser: fromPromise<void, void>(async () => {
          const actor = live.current.auth
          actor.send({ type: 'user.refresh' })
          const settled = await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: USER_REFRESH_TIMEOUT_MS })
          if (!settled.matches({ loggedIn: 'active' })) throw new Error('The session ended while the user was refreshed')
        }),
        ...override,
      },
      actions: {
        toast: ({ event }, params) => notify(paymentToast(params, (event as { error?: unknown }).error)),
        trackPurchase: (_, params) => pushPurchase(params),
        trackCart: (_, params) => pushCartChange(params),
        focusPayment: () => live.current.onFocusPayment(),
        navigate: (_, params) => void live.current.router.navigate({ href: params.to }),
        log: (_, params) => console.info(`payment: ${params.message}`),
        logError: (_, params) => console.error(`payment: ${params.message}`, params.detail ?? ''),
      },
    }),
  )

  const [snapshot, send, actorRef] = useMachine(logic, {
    inspect: useMachineInspect(),
    input: {
      locale,
      loggedIn,
      activeService: payment.service,
      publicId: cloudpaymentsPublicIdForHost(site.config, site.host),
      payselection: { serviceId: payment.payselection.serviceId, publicKey: payment.payselection.publicKey },
      restoreStored: true,
      offered,
    },
  })

  // Spec 4: the session decides whether paying is possible.
  useEffect(() => {
    actorRef.send({ type: 'auth.changed', loggedIn })
  }, [actorRef, loggedIn])

  // Spec 3: the premium state outlives the trip to the login page (never written before it was read).
  useEffect(() => {
    const storage = sessionStorageOrNull()
    const subscription = actorRef.subscribe((s) => {
      const state = persistablePremiumState(s)
      if (state) writePremiumState(storage, state)
    })
    return () => subscription.unsubscribe()
  }, [actorRef])

  return { snapshot, send, actorRef, service: payment.service }
}
