export { devMailbox } from './dev-mailbox'
export { linkParamsOf } from './links'
export { type LinkParams, type Mailbox, type WaitOptions, waitForLink } from './mailbox'
export { mailDevMailbox } from './maildev'
