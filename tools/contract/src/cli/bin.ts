#!/usr/bin/env node
import { runCommandLine } from './main'

process.exitCode = await runCommandLine(process.argv.slice(2))
// Idle keep-alive connections to the target must not hold the process open.
process.exit()
