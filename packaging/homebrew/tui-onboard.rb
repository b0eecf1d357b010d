# Homebrew formula for tui-onboard on Linux (Homebrew on Linux; the program is Linux-only): it
# installs the tarball `make dist` builds, whose programs are static and need nothing else.
# This file is the template: `make dist` writes .build/packages/tui-onboard.rb with @VERSION@,
# @SHA256@, @URL@ and @ARCH@ filled in for the tarball it built; publish the tarball at that URL
# (DIST_BASE_URL) and the filled formula in a tap. It has not been run by Homebrew here.
class TuiOnboard < Formula
  desc "First-run onboarding tour and paywall for command-line tools"
  homepage "https://tui-onboard.example.com"
  url "@URL@"
  version "@VERSION@"
  sha256 "@SHA256@"
  # No license has been published for tui-onboard yet (share/doc/tui-onboard/copyright).

  depends_on arch: :@ARCH@
  depends_on :linux

  def install
    bin.install "bin/tui-onboard", "bin/tui-onboard-license"
    man1.install Dir["share/man/man1/*.1"]
    bash_completion.install "share/bash-completion/completions/tui-onboard"
    zsh_completion.install "share/zsh/site-functions/_tui-onboard"
    fish_completion.install "share/fish/vendor_completions.d/tui-onboard.fish"
    # The program reads its messages from ../share/locale beside its own (real) directory, which
    # is the keg's share/locale whatever links point at it.
    (share/"locale").install Dir["share/locale/*"]
    doc.install "README.md", "share/doc/tui-onboard/copyright"
  end

  test do
    state = testpath/"state"
    assert_match "tui-onboard #{version}", shell_output("#{bin}/tui-onboard --version")
    assert_match "Welcome to tui-onboard", shell_output("#{bin}/tui-onboard --plain --state-dir #{state}")
    assert_match "Nicht gekauft", shell_output("#{bin}/tui-onboard --plain --lang de --state-dir #{state} 2>&1")
    shell_output("#{bin}/tui-onboard has pro --state-dir #{state}", 1)
  end
end
