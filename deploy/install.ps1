# Installs svc, the one-file executable (no Node.js needed), on Windows (x64), without admin rights:
#   irm https://github.com/svc-cli/svc/releases/latest/download/install.ps1 | iex
# Settings (environment): SVC_VERSION (default: the latest), SVC_INSTALL_DIR (default:
# %LOCALAPPDATA%\Programs\svc), SVC_RELEASE_URL (default: https://github.com/svc-cli/svc/releases).
# The binary is checked against the release's SHA256SUMS before it is put in place: a binary whose
# checksum differs, or that the list does not name, is refused and nothing is changed. Run it again
# to update.
$ErrorActionPreference = 'Stop'

function Fail($message) {
  Write-Error "svc install: $message"
  exit 1
}

$version = if ($env:SVC_VERSION) { $env:SVC_VERSION } else { 'latest' }
$releases = if ($env:SVC_RELEASE_URL) { $env:SVC_RELEASE_URL } else { 'https://github.com/svc-cli/svc/releases' }
$dir = if ($env:SVC_INSTALL_DIR) { $env:SVC_INSTALL_DIR } else { Join-Path $env:LOCALAPPDATA 'Programs\svc' }

if ($env:PROCESSOR_ARCHITECTURE -ne 'AMD64') { Fail "no svc binary for $($env:PROCESSOR_ARCHITECTURE); install with npm instead" }
$asset = 'svc-win-x64.exe'
$base = if ($version -eq 'latest') { "$releases/latest/download" }
        elseif ($version.StartsWith('v')) { "$releases/download/$version" }
        else { "$releases/download/v$version" }

$tmp = Join-Path ([System.IO.Path]::GetTempPath()) ("svc-install-" + [guid]::NewGuid())
New-Item -ItemType Directory -Path $tmp | Out-Null
try {
  Write-Host "svc install: downloading $asset ($version) from $base"
  [Net.ServicePointManager]::SecurityProtocol = [Net.SecurityProtocolType]::Tls12
  try { Invoke-WebRequest -UseBasicParsing -Uri "$base/SHA256SUMS" -OutFile "$tmp\SHA256SUMS" } catch { Fail "cannot download $base/SHA256SUMS" }
  try { Invoke-WebRequest -UseBasicParsing -Uri "$base/$asset" -OutFile "$tmp\svc.exe" } catch { Fail "cannot download $base/$asset" }

  $expected = $null
  foreach ($line in Get-Content "$tmp\SHA256SUMS") {
    $parts = $line.Trim() -split '\s+', 2
    if ($parts.Count -eq 2 -and $parts[1].TrimStart('*') -eq $asset) { $expected = $parts[0].ToLower(); break }
  }
  if (-not $expected) { Fail "SHA256SUMS has no checksum for ${asset}: refusing to install an unchecked binary" }
  $actual = (Get-FileHash -Algorithm SHA256 "$tmp\svc.exe").Hash.ToLower()
  if ($expected -ne $actual) { Fail "$asset does not match its checksum (expected $expected, got $actual): refusing to install it" }

  New-Item -ItemType Directory -Force -Path $dir | Out-Null
  # A running svc.exe cannot be overwritten on Windows, but it can be renamed: the old one is moved aside.
  $target = Join-Path $dir 'svc.exe'
  if (Test-Path $target) { Move-Item -Force $target "$target.old" }
  Move-Item -Force "$tmp\svc.exe" $target
  Remove-Item -Force "$target.old" -ErrorAction SilentlyContinue
  $installed = & $target --version
  if ($LASTEXITCODE -ne 0) { Fail "$target does not run on this machine" }
  Write-Host "svc install: svc $installed installed in $target"

  $userPath = [Environment]::GetEnvironmentVariable('Path', 'User')
  if (-not (($userPath -split ';') -contains $dir)) {
    [Environment]::SetEnvironmentVariable('Path', "$dir;$userPath", 'User')
    Write-Host "svc install: $dir added to your PATH (open a new terminal)"
  }
  Write-Host "next: svc sandbox      # try every command on a local sandbox, no key needed"
} finally {
  Remove-Item -Recurse -Force $tmp -ErrorAction SilentlyContinue
}
