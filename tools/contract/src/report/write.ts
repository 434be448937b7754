import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { toHtml } from './html'
import { toJUnitXml } from './junit'
import { type RunReport, toReportJson } from './run-report'

export const REPORT_FILES = ['report.json', 'junit.xml', 'report.html'] as const

/** Writes report.json, junit.xml and report.html into a folder (created if missing); answers their paths. */
export async function writeReports(dir: string, report: RunReport): Promise<string[]> {
  const folder = resolve(dir)
  await mkdir(folder, { recursive: true })
  const contents = [toReportJson(report), toJUnitXml(report), toHtml(report)]
  const paths = REPORT_FILES.map((name) => join(folder, name))
  await Promise.all(paths.map((path, index) => writeFile(path, contents[index] ?? '')))
  return paths
}
