import { useId } from 'react'
import { m } from '#app/paraglide/messages.js'
import { GAME_VERSIONS } from '#constants'

/**
 * R3: the two game versions as a radio group, each by its name and what it is for. The data's
 * `goal_year` is no release year (CS2 came out in 2023), so it is not shown as one.
 */
export function VersionSelector({ value, onChange }: { value: number; onChange: (id: number) => void }) {
  const name = useId()
  return (
    <fieldset className="version-selector" data-testid="version-selector">
      <legend className="version-selector__legend">{m.home_version_label()}</legend>
      <div className="version-selector__options">
        {GAME_VERSIONS.map((version) => {
          const text = version.code === 'cs2' ? m.home_version_cs2_text() : m.home_version_csgo_text()
          const checked = value === version.id
          return (
            <label key={version.id} className={`version-option${checked ? ' version-option--checked' : ''}`} data-version={version.code}>
              <input type="radio" name={name} value={version.id} checked={checked} onChange={() => onChange(version.id)} className="version-option__input" />
              <span className="version-option__head">
                <span className="version-option__radio" aria-hidden="true" />
                <span className="version-option__name">{version.name}</span>
              </span>
              <span className="version-option__text">{text}</span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
