import { createActor } from 'xstate'
import { authMachine } from '/work/main/machines/auth'
const seen: string[] = []
const a = createActor(authMachine, { input: { now: 1 }, inspect: (e) => { seen.push(e.type + ' ' + ((e as any).snapshot?._nodes?.map((n: any) => n.id).join(',') ?? '') + ' ' + ((e as any)._transitions?.map((t: any) => t.source.id + ':' + t.eventType).join(',') ?? '')) } })
a.start()
console.log(seen.join('\n'))
