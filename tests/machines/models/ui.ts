import { lightboxMachine, menuMachine, modalMachine } from '#machines/ui'
import type { EventObject } from 'xstate'
import type { EffectOracle, TestEvent } from '../harness'
import type { MachineModel } from './types'

/** Spec 2, 3, 4: the UI machines cause no side effects at all. */
const noEffects: EffectOracle = () => []

export const menuModel: MachineModel = {
  name: 'menu',
  spec: 'spec 2, 4: mobile menu',
  machine: menuMachine,
  fakes: { actions: [] },
  oracle: noEffects,
  inputs: [{ label: 'a page load' }],
  events: (): TestEvent[] => [{ type: 'menu.toggle' }, { type: 'menu.close' }, { type: 'route.changed', path: '/en/faq' }],
}

export const modalModel: MachineModel = {
  name: 'modal',
  spec: 'spec 3, 4: modal',
  machine: modalMachine,
  fakes: { actions: [] },
  oracle: noEffects,
  inputs: [{ label: 'a page load' }],
  events: (): TestEvent[] => [
    { type: 'modal.open', content: 'terms', options: { closable: true } },
    { type: 'modal.openCustom', content: 'trailer' },
    { type: 'modal.close' },
  ],
}

export const lightboxModel: MachineModel = {
  name: 'lightbox',
  spec: 'spec 3, 4: image lightbox',
  machine: lightboxMachine,
  fakes: { actions: [] },
  oracle: noEffects,
  inputs: [{ label: 'a page load' }],
  events: (): TestEvent[] => [
    { type: 'lightbox.open', url: '/images/premium/big-1.webp', name: 'Inventory' },
    { type: 'lightbox.open', url: '/images/premium/big-2.webp', name: 'Knife' },
    { type: 'lightbox.close' },
  ],
}
