; The Windows installer of Idioten: the one-folder program (dist\idioten\ from build.spec) installed for the
; player alone, without administrator rights. packaging/release_files.py runs makensis on it:
;
;   makensis -WX -DVERSION=0.1.0 -DVERSION4=0.1.0.0 -DSOURCE=dist\idioten -DICON=assets\icon.ico
;            -DLICENSE_FILE=LICENSE -DOUTFILE=release\idioten-0.1.0-windows-x86_64-setup.exe idioten.nsi
;
; Where things go (per user; nothing under Program Files, nothing for other users of the machine):
;   the program      %LOCALAPPDATA%\Programs\Idioten\ (Windows' own folder for per-user programs)
;   shortcuts        Start menu: Idioten; the desktop: Idioten, if the player ticks it
;   uninstall entry  HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Idioten (Settings -> Apps)
; The player's saved games, statistics and settings are in %APPDATA%\Idioten (idioten/storage/files.py),
; which is not under the program's folder; the uninstaller removes only what the installer put there.

Unicode true
ManifestDPIAware true
SetCompressor /SOLID lzma
RequestExecutionLevel user

!include MUI2.nsh
!include FileFunc.nsh

!define NAME "Idioten"
!define PROGRAM "idioten.exe"
!define UNINSTALLER "Uninstall.exe"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${NAME}"
!define PUBLISHER "The Idioten authors"

Name "${NAME}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${NAME}"
; An update goes where the player put the game before.
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
BrandingText "${NAME} ${VERSION}"

VIProductVersion "${VERSION4}"
VIFileVersion "${VERSION4}"
VIAddVersionKey /LANG=0 "ProductName" "${NAME}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "${NAME} ${VERSION} setup"
VIAddVersionKey /LANG=0 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=0 "LegalCopyright" "Copyright (c) the Idioten authors. MIT licence."

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_COMPONENTSPAGE_NODESC
!define MUI_FINISHPAGE_RUN "$INSTDIR\${PROGRAM}"

!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The first language is the one used where Windows speaks none of these; otherwise the installer speaks the
; player's Windows language, as the game does.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Swedish"
!insertmacro MUI_LANGUAGE "German"
!insertmacro MUI_LANGUAGE "Danish"
!insertmacro MUI_LANGUAGE "Norwegian"
!insertmacro MUI_LANGUAGE "Finnish"
!insertmacro MUI_LANGUAGE "French"
!insertmacro MUI_LANGUAGE "Spanish"

; The installer's own texts (NSIS translates its standard ones), in the languages the game speaks first.
LangString DESKTOP_SHORTCUT ${LANG_ENGLISH} "Desktop shortcut"
LangString DESKTOP_SHORTCUT ${LANG_SWEDISH} "Genväg på skrivbordet"
LangString DESKTOP_SHORTCUT ${LANG_GERMAN} "Verknüpfung auf dem Desktop"
LangString DESKTOP_SHORTCUT ${LANG_DANISH} "Genvej på skrivebordet"
LangString DESKTOP_SHORTCUT ${LANG_NORWEGIAN} "Snarvei på skrivebordet"
LangString DESKTOP_SHORTCUT ${LANG_FINNISH} "Pikakuvake työpöydälle"
LangString DESKTOP_SHORTCUT ${LANG_FRENCH} "Raccourci sur le bureau"
LangString DESKTOP_SHORTCUT ${LANG_SPANISH} "Acceso directo en el escritorio"

Section "${NAME}" SectionGame
  SectionIn RO
  SetShellVarContext current
  SetOutPath "$INSTDIR"
  ; An update replaces the libraries as a whole: nothing of an older version stays beside the new one.
  RMDir /r "$INSTDIR\_internal"
  File /r "${SOURCE}\*"
  File "/oname=LICENSE.txt" "${LICENSE_FILE}"
  WriteUninstaller "$INSTDIR\${UNINSTALLER}"
  CreateShortcut "$SMPROGRAMS\${NAME}.lnk" "$INSTDIR\${PROGRAM}" "" "$INSTDIR\${PROGRAM}" 0

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$\"$INSTDIR\${PROGRAM}$\",0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" "$\"$INSTDIR\${UNINSTALLER}$\""
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" "$\"$INSTDIR\${UNINSTALLER}$\" /S"
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" "$0"
SectionEnd

; Unticked unless the player ticks it.
Section /o "$(DESKTOP_SHORTCUT)" SectionDesktop
  SetShellVarContext current
  CreateShortcut "$DESKTOP\${NAME}.lnk" "$INSTDIR\${PROGRAM}" "" "$INSTDIR\${PROGRAM}" 0
SectionEnd

; Removes what the installer put there, by name, and the folder only once it is empty: a folder the player
; chose that held other files keeps them. The saved games (%APPDATA%\Idioten) are never touched.
Section "Uninstall"
  SetShellVarContext current
  Delete "$SMPROGRAMS\${NAME}.lnk"
  Delete "$DESKTOP\${NAME}.lnk"
  Delete "$INSTDIR\${PROGRAM}"
  Delete "$INSTDIR\LICENSE.txt"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${UNINSTALLER}"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
