pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import AppCenter.components

// Installed applications: from the catalog's installed state, the package source and the
// desktop files no catalog lists. Each row: icon, name, summary, size and date, Launch and
// Remove (asked first; progress through the transactions model). Sorted by name, size or
// date. Names and summaries come from packages: plain text.
Page {
    id: page
    objectName: "installedPage"

    required property var installed
    required property var transactions
    required property var navigation
    required property var launcher

    readonly property bool narrow: page.width < 560
    property string removeAppId: ""
    property string removeName: ""

    padding: 0
    Accessible.name: heading.text

    header: GridLayout {
        columns: page.narrow ? 2 : 3
        columnSpacing: Theme.largeSpacing
        rowSpacing: Theme.spacing
        Label {
            id: heading
            textFormat: Text.PlainText
            text: qsTr("Installed")
            font.pointSize: Theme.headingSize
            font.bold: true
            elide: Text.ElideRight
            Accessible.role: Accessible.Heading
            Layout.fillWidth: true
            Layout.columnSpan: page.narrow ? 2 : 1
            Layout.topMargin: Theme.largeSpacing
            Layout.leftMargin: Theme.largeSpacing
        }
        Label {
            textFormat: Text.PlainText
            objectName: "installedCount"
            text: qsTr("%Ln application(s)", "", page.installed.count)
            color: Theme.mutedText
            Layout.fillWidth: page.narrow
            Layout.leftMargin: page.narrow ? Theme.largeSpacing : 0
            Layout.topMargin: page.narrow ? 0 : Theme.largeSpacing
        }
        ComboBox {
            id: sortBox
            objectName: "installedSort"
            textRole: "label"
            valueRole: "value"
            Accessible.name: qsTr("Sort order")
            Layout.rightMargin: Theme.largeSpacing
            Layout.topMargin: page.narrow ? 0 : Theme.largeSpacing
            model: [{ value: "name", label: qsTr("By name") },
                    { value: "size", label: qsTr("By size") },
                    { value: "date", label: qsTr("By date") }]
            currentIndex: page.installed.order === "size" ? 1 : (page.installed.order === "date" ? 2 : 0)
            onActivated: page.installed.order = sortBox.currentValue
        }
    }

    ListView {
        id: list
        objectName: "installedList"
        anchors.fill: parent
        anchors.topMargin: Theme.spacing
        clip: true
        activeFocusOnTab: true
        keyNavigationEnabled: true
        boundsBehavior: Flickable.StopAtBounds
        model: page.installed
        Accessible.name: qsTr("Installed applications")
        Accessible.role: Accessible.List
        ScrollBar.vertical: ScrollBar {}
        onCountChanged: list.currentIndex = list.count > 0 ? Math.max(list.currentIndex, 0) : -1

        delegate: ItemDelegate {
            id: row
            required property int index
            required property string appId
            required property string name
            required property string summary
            required property string iconUrl
            required property string sizeText
            required property string dateText
            required property string desktopId
            required property bool inCatalog
            required property bool canRemove
            required property string appState
            required property int progress
            // the source it came from when not the distribution ("flathub (Flatpak)")
            required property string sourceText

            readonly property bool busy: row.appState === "removing" || row.appState === "installing"

            width: ListView.view.width
            focusPolicy: Qt.NoFocus
            highlighted: list.activeFocus && list.currentIndex === row.index
            Accessible.name: row.name
            Accessible.description: row.summary
            onClicked: if (row.inCatalog) page.navigation.openApp(row.appId)
            leftPadding: Theme.largeSpacing
            rightPadding: Theme.largeSpacing

            contentItem: GridLayout {
                columns: page.narrow ? 2 : 4
                columnSpacing: Theme.largeSpacing
                rowSpacing: Theme.spacing
                Image {
                    readonly property bool isLoading: status === Image.Loading
                    source: row.iconUrl
                    sourceSize.width: 64
                    sourceSize.height: 64
                    asynchronous: false  // a Python image provider: see AppCard.qml
                    fillMode: Image.PreserveAspectFit
                    Layout.preferredWidth: Theme.gridUnit * 2.5
                    Layout.preferredHeight: Theme.gridUnit * 2.5
                    Layout.rowSpan: page.narrow ? 2 : 1
                    Accessible.ignored: true
                }
                ColumnLayout {
                    spacing: 0
                    Layout.fillWidth: true
                    RowLayout {
                        spacing: Theme.spacing
                        Layout.fillWidth: true
                        Label {
                            text: row.name
                            textFormat: Text.PlainText
                            font.bold: true
                            elide: Text.ElideRight
                            // the source's badge right after the name, the name elided first
                            Layout.fillWidth: true
                            Layout.maximumWidth: implicitWidth
                        }
                        Badge {
                            objectName: "sourceBadge"
                            visible: row.sourceText !== ""
                            text: row.sourceText
                            Accessible.name: qsTr("From %1").arg(row.sourceText)
                        }
                        Badge {
                            objectName: "updateBadge"
                            visible: row.appState === "updatable"
                            //: beside an installed application's name: the update check found a newer version
                            text: qsTr("Update available")
                        }
                        Item { Layout.fillWidth: true }
                    }
                    Label {
                        text: row.summary
                        textFormat: Text.PlainText
                        color: Theme.mutedText
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                    }
                    ProgressBar {
                        visible: row.busy
                        from: 0
                        to: 100
                        value: Math.max(0, row.progress)
                        indeterminate: row.progress < 0
                        Layout.fillWidth: true
                        Accessible.name: qsTr("Removing %1").arg(row.name)
                    }
                }
                ColumnLayout {
                    visible: !page.narrow
                    spacing: 0
                    Label {
                        textFormat: Text.PlainText
                        objectName: "installedSize"
                        text: row.sizeText
                        visible: text !== ""
                        Layout.alignment: Qt.AlignRight
                    }
                    Label {
                        textFormat: Text.PlainText
                        text: row.dateText
                        visible: text !== ""
                        color: Theme.mutedText
                        font.pointSize: Theme.smallSize
                        Layout.alignment: Qt.AlignRight
                    }
                }
                RowLayout {
                    spacing: Theme.spacing
                    Layout.alignment: Qt.AlignRight
                    Label {
                        textFormat: Text.PlainText
                        visible: page.narrow && row.sizeText !== ""
                        text: row.sizeText
                        color: Theme.mutedText
                    }
                    Button {
                        objectName: "installedLaunchButton"
                        text: qsTr("Launch")
                        enabled: row.desktopId !== "" && !row.busy && page.launcher.canLaunch(row.desktopId)
                        opacity: enabled ? 1 : 0.45  // Fusion greys no text: it looked enabled
                        Accessible.name: qsTr("Launch %1").arg(row.name)
                        onClicked: page.launcher.launch(row.desktopId)
                        FocusRing {}
                    }
                    Button {
                        objectName: "installedRemoveButton"
                        text: qsTr("Remove")
                        enabled: row.canRemove && !row.busy && page.transactions.available
                        opacity: enabled ? 1 : 0.45  // Fusion greys no text: it looked enabled
                        Accessible.name: qsTr("Remove %1").arg(row.name)
                        ToolTip.visible: hovered && !enabled
                        ToolTip.text: !row.canRemove
                                      ? qsTr("No package of this application is known, so it cannot be removed here.")
                                      : page.transactions.unavailableReason
                        onClicked: {
                            page.removeAppId = row.appId
                            page.removeName = row.name
                            removeDialog.open()
                        }
                        FocusRing {}
                    }
                }
            }
        }
    }

    BusyIndicator {
        anchors.centerIn: parent
        running: list.count === 0 && page.installed.loading
        visible: running
        Accessible.name: qsTr("Loading applications")
    }
    Label {
        textFormat: Text.PlainText
        anchors.centerIn: parent
        width: Math.min(parent.width - Theme.gridUnit * 2, Theme.gridUnit * 24)
        visible: list.count === 0 && !page.installed.loading
        text: qsTr("No installed applications were found.")
        wrapMode: Text.Wrap
        horizontalAlignment: Text.AlignHCenter
        font.pointSize: Theme.subheadingSize
    }

    PlainDialog {
        id: removeDialog
        objectName: "removeDialog"
        anchors.centerIn: parent
        modal: true
        width: Math.min(Theme.gridUnit * 24, page.width - Theme.gridUnit * 2)
        title: qsTr("Remove %1?").arg(page.removeName)
        standardButtons: Dialog.Ok | Dialog.Cancel
        onAccepted: page.transactions.remove(page.removeAppId)
        ColumnLayout {
            anchors.fill: parent
            Label {
                text: qsTr("%1 will be removed from this computer. Your own files are kept.").arg(page.removeName)
                textFormat: Text.PlainText
                wrapMode: Text.Wrap
                Layout.fillWidth: true
            }
        }
    }
}
