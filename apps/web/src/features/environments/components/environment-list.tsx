import type { Environment } from '../api/list-environments'
import { EnvironmentCard } from './environment-card'

type Props = {
  environments: Environment[]
  onDelete: (environment: Environment, opener: HTMLButtonElement) => void
}

export function EnvironmentList({ environments, onDelete }: Props) {
  return (
    <ul className="environment-list">
      {environments.map((environment) => (
        <li key={environment.id}>
          <EnvironmentCard environment={environment} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  )
}
