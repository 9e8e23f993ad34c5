import { createFileRoute, Link, redirect, useRouter } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { reportFailure } from '#app/api/report.ts'
import { navigateTo } from '#app/core/auth-provider.tsx'
import { writeCookie } from '#app/core/cookies.ts'
import { createWithEffects } from '#app/core/machine-effects.ts'
import { useMachineInspect } from '#app/core/machine-inspect.ts'
import { referrerCookie } from '#app/core/referrer.ts'
import { useSite } from '#app/core/use-site.ts'
import { useRegisterReferrerCall } from '#app/features/marketing/referrer.effects.ts'
import type { registerReferrer } from '#app/features/marketing/referrer.functions.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { FormField, MachineForm, useTakeEarlySubmit, valuesTypedBefore, wasSentBefore } from '#app/ui/form.tsx'
import { siteForm } from '#app/ui/form-logic.ts'
import { PageIntro } from '#app/ui/page-intro.tsx'
import type { FormRef } from '#machines/form.ts'
import { createJoinMachine, isRefusedCode, JOIN_FORM, type JoinEffects } from '#machines/join.ts'
import { REFERRAL_CODE_RULES } from '#machines/rules/fields.ts'
import { invitationCountsFor } from '#machines/rules/referrer.ts'

/**
 * R2, R7: the join page. The join machine decides: a code of the backend's form is registered
 * (by the server while it renders the page) and kept in the referrer cookie; without one the
 * visitor types the code a friend gave, or goes on to sign in without one.
 */
export const Route = createFileRoute('/join/{-$code}')({
  staticData: { page: 'join' },
  // The code form without JavaScript sends `?code=`: its join page is the code's address.
  validateSearch: (search: Record<string, unknown>): { code?: string } => (typeof search.code === 'string' ? { code: search.code.trim().slice(0, 200) } : {}),
  beforeLoad: ({ params, search }) => {
    if (!params.code && search.code) throw redirect({ to: '/join/{-$code}', params: { code: search.code }, search: {} })
  },
  loader: async ({ params }) => {
    const { registerReferrer } = await import('#app/features/marketing/referrer.functions.ts')
    return registerReferrer({ data: { locale: getLocale(), code: params.code ?? '' } })
  },
  component: JoinPage,
})

/** What the machine's first state renders, on the server too: the site's forms. */
const RENDERED: JoinEffects = { actors: { form: siteForm } }

function JoinPage() {
  const { product } = useSite()
  const { code } = Route.useParams()
  const settled = Route.useLoaderData()
  return (
    <PageIntro
      heading={isRefusedCode(settled) ? m.page_join_invalid_heading() : m.page_join_heading({ product })}
      intro={isRefusedCode(settled) ? m.page_join_invalid_intro({ product }) : m.page_join_intro({ product })}
    >
      {/* A new code is a new registration. */}
      <Join key={code ?? ''} code={code ?? null} settled={settled} />
    </PageIntro>
  )
}

function Join({ code, settled }: { code: string | null; settled: Awaited<ReturnType<typeof registerReferrer>> }) {
  const registerCall = useRegisterReferrerCall()
  const site = useSite()
  const router = useRouter()
  const locale = getLocale()
  const [logic] = useState(() =>
    createWithEffects(
      createJoinMachine,
      () => ({
        actors: { registerReferrer: registerCall },
        actions: {
          storeReferrerCookie: (_, params) => {
            writeCookie(referrerCookie(params.code, site.config.cookiesCrossOrigin))
          },
          navigate: (_, params) => void navigateTo(router, params.to),
          logError: (_, params) => reportFailure('join:', params.error),
        },
      }),
      RENDERED,
    ),
  )
  const [state] = useMachine(logic, {
    inspect: useMachineInspect(),
    input: { locale, code, settled, typed: valuesTypedBefore(JOIN_FORM, ['code']).code, submitOnStart: wasSentBefore(JOIN_FORM) },
  })
  useTakeEarlySubmit(JOIN_FORM)

  if (state.matches('entering')) return <EnterCode form={state.children[JOIN_FORM] as FormRef | undefined} />
  if (state.matches('registering'))
    return (
      <p className="notice" role="status" aria-busy="true">
        {m.acc_join_checking()}
      </p>
    )
  const valid = state.matches('registered')
  if (valid && !invitationCountsFor({ signedIn: site.user !== null }))
    return (
      <div className="form-card" data-testid="join-signed-in">
        <p role="status">{m.acc_join_signed_in()}</p>
        <Link to="/account" className="button">
          {m.acc_join_to_account()}
        </Link>
      </div>
    )
  return (
    <div className="form-card" data-testid={valid ? 'join-valid' : 'join-invalid'}>
      {valid ? <p role="status">{m.acc_join_valid()}</p> : <p role="alert">{state.context.error ?? m.acc_join_invalid_hint()}</p>}
      {!valid ? <p className="form-card__muted">{m.acc_join_invalid_hint()}</p> : null}
      <Link to="/login" className="button">
        {m.acc_join_cta()}
      </Link>
    </div>
  )
}

function EnterCode({ form }: { form: FormRef | undefined }) {
  return (
    <div className="form-card" data-testid="join-no-code">
      <p>{m.acc_join_no_code()}</p>
      {/* Without JavaScript the code goes in the address: /join?code=… is answered with its join page. */}
      <MachineForm id={JOIN_FORM} form={form} method="get" action={`/${getLocale()}/join`} className="join-code" testId="join-code-form">
        <FormField
          name="code"
          label={m.acc_join_code_label()}
          rules={REFERRAL_CODE_RULES}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint={m.acc_join_code_hint()}
        />
        <button type="submit" className="button button--ghost">
          {m.acc_join_code_submit()}
        </button>
      </MachineForm>
      <p className="form-card__muted">{m.acc_join_without_code()}</p>
      <Link to="/login" className="button" data-testid="join-sign-in">
        {m.acc_join_cta()}
      </Link>
    </div>
  )
}
