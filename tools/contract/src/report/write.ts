import { appendFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { RunHandler } from './events'
import { toHtml } from './html'
import { toJUnitXml } from './junit'
import { type RunReport, toReportJson } from './run-report'
import { withoutSecrets } from './secrets'

export const REPORT_FILES = ['report.json', 'junit.xml', 'report.html'] as const

type ReportFile = (typeof REPORT_FILES)[number]

const RENDER: Record<ReportFile, (report: RunReport) => string> = {
  'report.json': toReportJson,
  'junit.xml': toJUnitXml,
  'report.html': toHtml,
}

/**
 * Writes a file the toolkit hands its user (a report, a diff, the changelog): every file goes
 * through here, as every printed line goes through the terminal's `say`, so that no secret the run
 * knows by value (a password, a URL's credentials or secret parameters, a `${NAME}` value) is
 * written, whichever format's text carried it.
 */
export async function writeTextFile(path: string, text: string): Promise<void> {
  await writeFile(path, withoutSecrets(text))
}

/**
 * Appends to a file the toolkit writes as it goes (a recording, a line per exchange), in the
 * order of the calls, with the same net as writeTextFile.
 */
export function appendTextFileSync(path: string, text: string): void {
  appendFileSync(path, withoutSecrets(text))
}

/** Where a report file of the run goes: the folder as given, made absolute. */
export const reportPath = (dir: string, file: ReportFile) => join(resolve(dir), file)

/** The handler that writes one report file into a folder (created if missing) when the run ends. */
export function reportFileOutput(dir: string, file: ReportFile): RunHandler {
  return {
    handle: async (event) => {
      if (event.type !== 'finished') return
      await mkdir(resolve(dir), { recursive: true })
      await writeTextFile(reportPath(dir, file), RENDER[file](event.report))
    },
  }
}

/** Writes report.json, junit.xml and report.html into a folder (created if missing); answers their paths. */
export async function writeReports(dir: string, report: RunReport): Promise<string[]> {
  const finished = { type: 'finished', report } as const
  await Promise.all(REPORT_FILES.map((file) => reportFileOutput(dir, file).handle(finished)))
  return REPORT_FILES.map((file) => reportPath(dir, file))
}
