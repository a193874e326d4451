#!/usr/bin/env bash
# The desktop entry, the MIME type and the AppStream metainfo as a desktop finds them.
#   desktop_integration_test.sh WHAT SOURCE_PACKAGING_DIR BUILD_PACKAGING_DIR APP_ID MODEL
# WHAT: mime (update-mime-database into a temporary XDG data folder, then xdg-mime answers
# application/x-tflite for a .tflite, by name and by its "TFL3" magic alone, and the desktop entry
# is the type's default), desktop (desktop-file-validate), appstream (appstreamcli validate --no-net).
# SPDX-License-Identifier: GPL-3.0-or-later
. "$(dirname "$0")/common.sh"
what="$1" src="$2" gen="$3" id="$4" model="$5"

case "$what" in
mime)
    needs update-mime-database shared-mime-info
    needs xdg-mime xdg-utils
    # xdg-mime outside a known desktop asks `mimetype` (File::MimeInfo reads the XDG database);
    # without it, file(1), which knows nothing of it.
    needs mimetype libfile-mimeinfo-perl
    # (no space in this folder's name: xdg-mime splits XDG_DATA_DIRS at spaces)
    data="$scratch/data"
    mkdir -p "$data/mime/packages" "$data/applications"
    export XDG_DATA_HOME="$data" XDG_DATA_DIRS=/usr/share XDG_CURRENT_DESKTOP= DE=generic
    unset KDE_FULL_SESSION GNOME_DESKTOP_SESSION_ID
    cp "$src/$id.xml" "$data/mime/packages/"
    update-mime-database "$data/mime"
    cp "$src/$id.desktop" "$data/applications/"
    if command -v update-desktop-database >/dev/null; then update-desktop-database "$data/applications"; fi
    mkdir -p "$scratch/models"
    cp "$model" "$scratch/models/keyword spotter ü.tflite"
    cp "$model" "$scratch/models/no-extension"
    printf 'not a model, TFL3 nowhere near offset 4' >"$scratch/models/notes.txt"
    by_name="$(xdg-mime query filetype "$scratch/models/keyword spotter ü.tflite")"
    [ "$by_name" = application/x-tflite ] || fail "xdg-mime query filetype *.tflite: $by_name"
    by_magic="$(xdg-mime query filetype "$scratch/models/no-extension")"
    [ "$by_magic" = application/x-tflite ] || fail "xdg-mime query filetype (magic TFL3 at 4): $by_magic"
    other="$(xdg-mime query filetype "$scratch/models/notes.txt")"
    [ "$other" != application/x-tflite ] || fail "a text file taken for a model"
    if command -v update-desktop-database >/dev/null; then
        app="$(xdg-mime query default application/x-tflite)"
        [ "$app" = "$id.desktop" ] || fail "xdg-mime query default application/x-tflite: '$app'"
    fi
    echo "xdg-mime: $by_name by name, $by_magic by magic, $other for text"
    ;;
desktop)
    needs desktop-file-validate desktop-file-utils
    out="$(desktop-file-validate "$src/$id.desktop" 2>&1)" || fail "desktop-file-validate: $out"
    [ -z "$out" ] || fail "desktop-file-validate says: $out"
    grep -qx 'MimeType=application/x-tflite;' "$src/$id.desktop" || fail "the entry does not declare application/x-tflite"
    grep -q '^Exec=arenascope %F$' "$src/$id.desktop" || fail "Exec does not take files (%F)"
    echo "desktop-file-validate: clean"
    ;;
appstream)
    needs appstreamcli appstream
    appstreamcli validate --no-net --explain "$gen/$id.metainfo.xml" || fail "appstreamcli validate --no-net"
    # The screenshots the metainfo names are in the source tree at 1280x720.
    for shot in $(grep -o '[^/]*\.png</image>' "$gen/$id.metainfo.xml" | sed 's/<.*//'); do
        [ -f "$src/screenshots/$shot" ] || fail "screenshot $shot not in packaging/screenshots"
        if command -v file >/dev/null; then
            file "$src/screenshots/$shot" | grep -q '1280 x 720' || fail "$shot is not 1280x720"
        fi
    done
    ;;
*) fail "unknown check $what" ;;
esac
