; Included by electron-builder's NSIS installer (assets/ is its build resources folder).
; A machine-wide install makes IT's folder for the admin file (docs/admin-file.md, "Where it goes"):
; owned by Administrators, writable only by SYSTEM and Administrators, readable by users. Every
; user may create folders in C:\ProgramData, and the app ignores an admin file whose folder or
; file a user could write, so one planted before the install stays ignored (its owner is the user).
; SIDs, not names: Windows names these groups in its own language.
!macro customInstall
  ${if} $installMode == "all"
    SetShellVarContext all
    CreateDirectory "$APPDATA\TimeclockTray"
    nsExec::Exec '"$SYSDIR\icacls.exe" "$APPDATA\TimeclockTray" /setowner *S-1-5-32-544 /Q'
    nsExec::Exec '"$SYSDIR\icacls.exe" "$APPDATA\TimeclockTray" /inheritance:r /grant:r *S-1-5-18:(OI)(CI)F *S-1-5-32-544:(OI)(CI)F *S-1-5-32-545:(OI)(CI)RX /Q'
  ${endif}
!macroend
