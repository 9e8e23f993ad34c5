import type { Meta, StoryObj } from '@storybook/react-vite'
import { DownloadButton } from './download-button.tsx'

/** R4, R7: the launcher download link (internal route, or an external one for Russian visitors). */
const meta = {
  title: 'Marketing/Download button',
  component: DownloadButton,
  args: { versionId: 1, children: 'Download the launcher' },
} satisfies Meta<typeof DownloadButton>
export default meta
type Story = StoryObj<typeof meta>

export const Cs2: Story = {}
export const CsGo: Story = { args: { versionId: 2 } }
export const ExternalForRussian: Story = {
  globals: { locale: 'ru' },
  args: { children: 'Скачать лаунчер' },
  parameters: { site: { config: (c: { externalDownloadUrl: string | null }) => void (c.externalDownloadUrl = 'https://downloads.example/launcher.exe') } },
}
