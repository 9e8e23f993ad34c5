import type { Meta, StoryObj } from '@storybook/react-vite'
import { CountryFlag } from './country-flag.tsx'

/** The flags of the languages, in three sizes. */
const meta = {
  title: 'Marketing/Country flag',
  component: CountryFlag,
  args: { locale: 'en', size: 'normal' },
  argTypes: { locale: { control: 'inline-radio', options: ['en', 'ru', 'de'] }, size: { control: 'inline-radio', options: ['small', 'normal', 'big'] } },
} satisfies Meta<typeof CountryFlag>
export default meta
type Story = StoryObj<typeof meta>

export const EnglishSmall: Story = { args: { size: 'small' } }
export const RussianNormal: Story = { args: { locale: 'ru' } }
export const GermanBig: Story = { args: { locale: 'de', size: 'big' } }
